import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its directory, and two processes writing one directory corrupt it. Node has no
 * flock, so the lock is a file created with O_EXCL that names its holder: the pid, the boot it runs in and
 * the moment the process started. A pid alone is not an identity: after a crash in a container the next
 * server is pid 1 again, and after a reboot any pid may belong to an unrelated process. The holder counts
 * as gone when its pid no longer runs, when the machine has booted since, or when the process now under
 * that pid started at another moment; then the lock is taken over, otherwise the start is refused.
 * (A lock with a staleness timeout would refuse a quick restart.)
 */
export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {}

/** Who holds a lock. `bootId` and `startedAt` are missing where the system does not tell them. */
export interface LockHolder {
  pid: number;
  bootId?: string;
  /** Linux: ticks since boot (/proc/<pid>/stat field 22); elsewhere the start time `ps` reports. */
  startedAt?: string;
}

const readTrimmed = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
};

export const currentBootId = (): string | undefined => readTrimmed('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/<pid>/stat; the name in field 2 may hold spaces and parentheses, so count after its last ')'. */
function linuxStartTime(pid: number): string | undefined {
  const stat = readTrimmed(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fieldsAfterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fieldsAfterName[22 - 3];
}

/** Off Linux: `ps -o lstart=` (macOS, the BSDs) gives an absolute start time, unique across reboots. */
function psStartTime(pid: number): string | undefined {
  if (process.platform === 'win32') return undefined;
  const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 });
  return ps.status === 0 ? ps.stdout.trim() || undefined : undefined;
}

/** When the process now under `pid` started, if the system tells; undefined if none runs or it cannot be known. */
export function processStartTime(pid: number): string | undefined {
  return process.platform === 'linux' ? linuxStartTime(pid) : psStartTime(pid);
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const currentHolder = (): LockHolder => ({
  pid: process.pid,
  bootId: currentBootId(),
  startedAt: processStartTime(process.pid),
});

/** The holder a lock file names: JSON, or the bare pid older versions wrote; undefined when unreadable. */
export function parseHolder(text: string): LockHolder | undefined {
  const bare = /^\d+$/.test(text.trim()) ? { pid: Number(text.trim()) } : undefined;
  if (bare) return bare;
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return undefined;
    return {
      pid: parsed.pid as number,
      bootId: typeof parsed.bootId === 'string' ? parsed.bootId : undefined,
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : undefined,
    };
  } catch {
    return undefined;
  }
}

const bothKnownAndDiffer = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && a !== b;

/** Lock files this process holds: the fallback for our own pid when start times cannot be compared. */
const locksHeldHere = new Set<string>();

/**
 * Whether the process a lock names still runs. Where an identity part is unknown (an old lock file, a
 * system without /proc or ps) a live pid is assumed to be the holder, and our own pid is the holder only if
 * this process holds `heldHere` (an older version's lock naming our pid was its own process's).
 */
export function holderIsAlive(holder: LockHolder, heldHere = false): boolean {
  const me = currentHolder();
  if (bothKnownAndDiffer(holder.bootId, me.bootId)) return false; // the machine has booted since
  if (holder.pid === process.pid) {
    // Only one process has our pid at a time: it is us (another thread of ours included) or a predecessor.
    if (holder.startedAt === undefined || me.startedAt === undefined) return heldHere;
    return holder.startedAt === me.startedAt;
  }
  if (!isRunning(holder.pid)) return false;
  return !bothKnownAndDiffer(holder.startedAt, processStartTime(holder.pid));
}

function refusal(directory: string, holder: LockHolder): DirectoryLockedError {
  if (holder.pid === process.pid) {
    return new DirectoryLockedError(`The data directory ${directory} is already open in this process.`);
  }
  return new DirectoryLockedError(
    `The data directory ${directory} is in use by another process (pid ${holder.pid}). ` +
      'Stop that process or set DATA_DIR to another directory.',
  );
}

/**
 * Creates `file` holding `content` only if it does not exist; false when it does. The content is written to
 * a private file first and hard-linked into place, so nobody ever reads a lock file still empty (which would
 * look stale); where hard links are not supported, an O_EXCL create.
 */
function createExclusive(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    return createWithOpenExclusive(file, content);
  } finally {
    rmSync(draft, { force: true });
  }
}

function createWithOpenExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes the lock file if it still holds `staleText`. Two starters may judge the same lock stale: the
 * removal runs under a second exclusive file, so the one that comes second finds the first one's fresh
 * lock instead of deleting it. A takeover file left by a crash mid-takeover is itself judged by its holder.
 */
function removeStaleLock(lockPath: string, staleText: string, identity: string): void {
  const takeoverPath = `${lockPath}.takeover`;
  if (!createExclusive(takeoverPath, identity)) {
    const other = parseHolder(readTrimmed(takeoverPath) ?? '');
    if (other && holderIsAlive(other)) return; // someone else is taking over; the next attempt sees the outcome
    rmSync(takeoverPath, { force: true });
    if (!createExclusive(takeoverPath, identity)) return;
  }
  try {
    if ((readTrimmed(lockPath) ?? '') === staleText) rmSync(lockPath, { force: true });
  } finally {
    rmSync(takeoverPath, { force: true });
  }
}

export function acquireDirectoryLock(directory: string): DirectoryLock {
  const lockPath = path.join(directory, '.lock');
  const identity = JSON.stringify(currentHolder());
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (createExclusive(lockPath, identity)) {
      locksHeldHere.add(lockPath);
      return lockReleasedOnce(lockPath, identity);
    }
    const text = readTrimmed(lockPath) ?? '';
    const holder = parseHolder(text);
    if (holder && holderIsAlive(holder, locksHeldHere.has(lockPath))) throw refusal(directory, holder);
    removeStaleLock(lockPath, text, identity);
  }
  throw new DirectoryLockedError(`Could not lock the data directory ${directory}.`);
}

function lockReleasedOnce(lockPath: string, identity: string): DirectoryLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      locksHeldHere.delete(lockPath);
      // Never remove a lock that is no longer ours (taken over after the directory was moved or edited by hand).
      if (readTrimmed(lockPath) === identity) rmSync(lockPath, { force: true });
    },
  };
}
