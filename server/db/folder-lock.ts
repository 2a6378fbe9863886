// One process at a time per PGlite folder. Two PGlite instances on one folder raise no error and
// silently lose each other's writes, so a second opener is refused with a clear message.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'memory-console.lock';

export class FolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dataDir} is in use by another process (pid ${pid}), ` +
        'probably a running `npm start` or `npm run dev`. Stop that process first, or point ' +
        'MEMORY_CONSOLE_DATA_DIR at another folder.',
    );
    this.name = 'FolderLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock or throws FolderLockedError; returns the release function. */
export function lockFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new FolderLockedError(dataDir, holder);
      }
      // The holder died without cleaning up (or it is us after a hot reload): the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}.`);
}
