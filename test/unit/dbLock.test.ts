import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, acquireDirectoryLock } from '../../server/db/lock';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const lockFile = () => path.join(directory, '.lock');

/** The pid of a process that has certainly ended. */
const endedPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
};

describe('acquireDirectoryLock', () => {
  it('writes the pid and removes the file on release', () => {
    const lock = acquireDirectoryLock(directory);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a directory this process already holds', () => {
    const lock = acquireDirectoryLock(directory);
    expect(() => acquireDirectoryLock(directory)).toThrow(DirectoryLockedError);
    lock.release();
    acquireDirectoryLock(directory).release();
  });

  it('refuses a directory held by another running process, naming it', () => {
    writeFileSync(lockFile(), String(process.ppid));
    expect(() => acquireDirectoryLock(directory)).toThrow(
      new RegExp(`in use by another process \\(pid ${process.ppid}\\).*set DATA_DIR`),
    );
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that has ended', () => {
    writeFileSync(lockFile(), String(endedPid()));
    const lock = acquireDirectoryLock(directory);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockFile(), 'garbage');
    acquireDirectoryLock(directory).release();
  });
});
