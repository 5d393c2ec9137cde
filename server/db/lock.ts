import path from 'node:path';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite does not lock its directory, and two processes writing one directory corrupt it.
 * A pid file created with O_EXCL is the lock; a file left by a process that no longer runs is taken over,
 * so a crash does not block the next start. (A mkdir lock with a staleness timeout would refuse a quick restart.)
 */
export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function acquireDirectoryLock(directory: string): DirectoryLock {
  const lockPath = path.join(directory, '.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DirectoryLockedError(
          `The data directory ${directory} is in use by another process (pid ${holder}). ` +
            'Stop that process or set DATA_DIR to another directory.',
        );
      }
      if (holder === process.pid) {
        throw new DirectoryLockedError(`The data directory ${directory} is already open in this process.`);
      }
      rmSync(lockPath, { force: true }); // left behind by a process that has ended
    }
  }
  throw new DirectoryLockedError(`Could not lock the data directory ${directory}.`);
}
