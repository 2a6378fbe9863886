import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDataDirs } from '../testing/temp-dirs';
import { FolderLockedError, LOCK_FILE, lockFolder } from './folder-lock';

const folder = useTempDataDirs('mc-lock-');

describe('lockFolder', () => {
  it('creates the folder, writes our pid, and removes the lock on release', () => {
    const dir = folder();
    const release = lockFolder(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a second process while the holder is alive, naming the folder and the pid', () => {
    const dir = folder();
    lockFolder(dir)();
    // The parent of this test process is certainly alive and is not us.
    writeFileSync(path.join(dir, LOCK_FILE), String(process.ppid));
    expect(() => lockFolder(dir)).toThrow(FolderLockedError);
    expect(() => lockFolder(dir)).toThrow(new RegExp(`in use by another process \\(pid ${process.ppid}\\)`));
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that died', () => {
    const dir = folder();
    lockFolder(dir)();
    writeFileSync(path.join(dir, LOCK_FILE), '2147483646');
    const release = lockFolder(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('lets a process its launcher handed the token to share the lock, and leaves releasing it to the launcher', () => {
    const dir = folder();
    const file = path.join(dir, LOCK_FILE);
    lockFolder(dir)();
    // As written by a launcher (here: our live parent) that passed the token down.
    writeFileSync(file, `${process.ppid}\nsecret-token`);
    const release = lockFolder(dir, { inheritedToken: 'secret-token' });
    release();
    expect(readFileSync(file, 'utf8')).toBe(`${process.ppid}\nsecret-token`);
    expect(() => lockFolder(dir, { inheritedToken: 'another-token' })).toThrow(FolderLockedError);
    expect(() => lockFolder(dir, { inheritedToken: '' })).toThrow(FolderLockedError);
  });

  it('writes the launcher token after the pid when given one', () => {
    const dir = folder();
    const release = lockFolder(dir, { token: 'abc', inheritedToken: '' });
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\nabc`);
    release();
  });
});
