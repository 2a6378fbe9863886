// One process at a time per PGlite folder. Two PGlite instances on one folder raise no error and
// silently lose each other's writes, so a second opener is refused with a clear message.
//
// `npm start` takes the lock itself before doing anything else and hands it to the processes it
// starts (database preparation, the Next server): it writes a random token into the lock file and
// passes the same token in LOCK_TOKEN_ENV, so those children recognise their launcher's lock
// instead of refusing it. See docs/operations.md "Configuration" (MEMORY_CONSOLE_DATA_DIR).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { config } from '../config/env';

export const LOCK_FILE = 'memory-console.lock';
/** Environment variable through which a launcher hands its lock to the processes it starts. */
export const LOCK_TOKEN_ENV = 'MEMORY_CONSOLE_LOCK_TOKEN';

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

export interface LockOptions {
  /** Written into the lock file so that processes given the same token share the lock (launcher). */
  token?: string;
  /** The token handed down by a launcher; defaults to LOCK_TOKEN_ENV. */
  inheritedToken?: string;
}

function readHolder(file: string): { pid: number; token: string | undefined } {
  const [pid, token] = readFileSync(file, 'utf8').split('\n');
  return { pid: Number.parseInt(pid ?? '', 10), token: token?.trim() || undefined };
}

/** Takes the folder's lock or throws FolderLockedError; returns the release function. */
export function lockFolder(dataDir: string, options: LockOptions = {}): () => void {
  const inheritedToken = options.inheritedToken ?? config().MEMORY_CONSOLE_LOCK_TOKEN;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, options.token ? `${process.pid}\n${options.token}` : String(process.pid));
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
      const holder = readHolder(file);
      const alive = Number.isInteger(holder.pid) && holder.pid !== process.pid && isAlive(holder.pid);
      // Our launcher holds the lock for us: share it, and leave releasing it to the launcher.
      if (alive && inheritedToken && holder.token === inheritedToken) return () => {};
      if (alive) throw new FolderLockedError(dataDir, holder.pid);
      // The holder died without cleaning up (or it is us after a hot reload): the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}.`);
}
