import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DirectoryLockedError,
  acquireDirectoryLock,
  currentBootId,
  currentHolder,
  holderIsAlive,
  parseHolder,
  processStartTime,
  type LockHolder,
} from '../../server/db/lock';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const lockFile = () => path.join(directory, '.lock');
const writeHolder = (holder: LockHolder) => writeFileSync(lockFile(), JSON.stringify(holder));
const storedHolder = () => parseHolder(readFileSync(lockFile(), 'utf8'));

/** The pid of a process that has certainly ended. */
const endedPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
};

/** The full identity of our parent, a process that certainly runs for the whole test. */
const parentHolder = (): LockHolder => ({
  pid: process.ppid,
  bootId: currentBootId(),
  startedAt: processStartTime(process.ppid),
});

/** A start time that is certainly not the one given. */
const otherStartTime = (startedAt: string | undefined) => `${startedAt ?? '0'}1`;

describe('the identity a lock records', () => {
  it('names this process by pid, boot and start time (Linux)', () => {
    const me = currentHolder();
    expect(me.pid).toBe(process.pid);
    expect(me.bootId).toMatch(/^[0-9a-f-]{36}$/);
    expect(me.startedAt).toMatch(/^\d+$/);
    expect(processStartTime(process.ppid)).toMatch(/^\d+$/);
    expect(processStartTime(endedPid())).toBeUndefined();
  });

  it('reads the start time of a process whose name holds spaces and parentheses', async () => {
    const oddName = path.join(directory, 'a) (b c');
    symlinkSync(spawnSync('which', ['sleep']).stdout.toString().trim(), oddName);
    const sleeper = spawn(oddName, ['5']);
    await new Promise((resolve) => sleeper.on('spawn', resolve));
    try {
      const stat = readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8');
      expect(stat).toContain('(a) (b c)');
      const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      expect(startTicks).toMatch(/^\d+$/);
      expect(processStartTime(sleeper.pid as number)).toBe(startTicks);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('reads the bare pid of older lock files and nothing from garbage', () => {
    expect(parseHolder('1234')).toEqual({ pid: 1234 });
    expect(parseHolder('garbage')).toBeUndefined();
    expect(parseHolder('{"pid":-1}')).toBeUndefined();
    expect(parseHolder('')).toBeUndefined();
  });
});

describe('acquireDirectoryLock', () => {
  it('writes its identity and removes the file on release, leaving nothing else behind', () => {
    const lock = acquireDirectoryLock(directory);
    expect(storedHolder()).toEqual(currentHolder());
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lock.release(); // twice is harmless
    expect(readdirSync(directory)).toEqual([]);
  });

  it('refuses a directory this process already holds', () => {
    const lock = acquireDirectoryLock(directory);
    expect(() => acquireDirectoryLock(directory)).toThrow(/already open in this process/);
    lock.release();
    acquireDirectoryLock(directory).release();
  });

  it('refuses a directory held by another running process, naming it', () => {
    writeHolder(parentHolder());
    expect(() => acquireDirectoryLock(directory)).toThrow(
      new RegExp(`in use by another process \\(pid ${process.ppid}\\).*set DATA_DIR`),
    );
    expect(storedHolder()).toEqual(parentHolder());
  });

  it('refuses a running pid when an older lock file names only the pid', () => {
    writeFileSync(lockFile(), String(process.ppid));
    expect(() => acquireDirectoryLock(directory)).toThrow(DirectoryLockedError);
  });

  it('takes over a lock left by a process that has ended', () => {
    writeHolder({ ...parentHolder(), pid: endedPid() });
    const lock = acquireDirectoryLock(directory);
    expect(storedHolder()).toEqual(currentHolder());
    lock.release();
  });

  it('takes over a lock that names our own pid but another start (the crashed server was pid 1 too)', () => {
    const me = currentHolder();
    writeHolder({ ...me, startedAt: otherStartTime(me.startedAt) });
    const lock = acquireDirectoryLock(directory);
    expect(storedHolder()).toEqual(me);
    lock.release();
  });

  it('takes over a lock naming only our pid, written by an older version before a crash', () => {
    writeFileSync(lockFile(), String(process.pid));
    acquireDirectoryLock(directory).release();
  });

  it('without start times, our own pid is refused only while this process holds the lock', () => {
    expect(holderIsAlive({ pid: process.pid }, true)).toBe(true);
    expect(holderIsAlive({ pid: process.pid }, false)).toBe(false);
    expect(holderIsAlive({ pid: process.ppid })).toBe(true);
  });

  it('takes over a lock whose pid now belongs to another live process that started at another moment', () => {
    const parent = parentHolder();
    writeHolder({ ...parent, startedAt: otherStartTime(parent.startedAt) });
    const lock = acquireDirectoryLock(directory);
    expect(storedHolder()).toEqual(currentHolder());
    lock.release();
  });

  it('takes over a lock written before a reboot, whatever runs under its pid now', () => {
    writeHolder({ ...parentHolder(), bootId: '00000000-0000-4000-8000-000000000000' });
    acquireDirectoryLock(directory).release();
    writeHolder({ ...currentHolder(), bootId: '00000000-0000-4000-8000-000000000000' });
    acquireDirectoryLock(directory).release();
  });

  it('takes over an unreadable or empty lock file', () => {
    writeFileSync(lockFile(), 'garbage');
    acquireDirectoryLock(directory).release();
    writeFileSync(lockFile(), '');
    acquireDirectoryLock(directory).release();
  });

  it('does not take over while another live process is taking the lock over', () => {
    writeHolder({ pid: endedPid() });
    writeFileSync(`${lockFile()}.takeover`, JSON.stringify(parentHolder()));
    expect(() => acquireDirectoryLock(directory)).toThrow(/Could not lock/);
    writeFileSync(`${lockFile()}.takeover`, JSON.stringify({ pid: endedPid() }));
    acquireDirectoryLock(directory).release();
    expect(readdirSync(directory)).toEqual([]);
  });

  it('does not remove on release a lock that another process has taken since', () => {
    const lock = acquireDirectoryLock(directory);
    writeHolder(parentHolder());
    lock.release();
    expect(storedHolder()).toEqual(parentHolder());
  });
});

describe('a real crash', () => {
  const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/lock.ts');

  /** A process that takes the lock, says so, and waits to be killed. */
  async function childHoldingTheLock() {
    const script =
      `const { acquireDirectoryLock } = await import(${JSON.stringify(lockModule)});` +
      `acquireDirectoryLock(${JSON.stringify(directory)}); process.stdout.write('locked'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.on('exit', (code) => reject(new Error(`the child ended (${code}) before taking the lock`)));
    });
    return child;
  }

  it('refuses while the holder runs, and takes over once it was killed with SIGKILL', async () => {
    const child = await childHoldingTheLock();
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      expect(storedHolder()?.pid).toBe(child.pid);
      expect(() => acquireDirectoryLock(directory)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(storedHolder()?.pid).toBe(child.pid); // the crash left its lock behind
    const lock = acquireDirectoryLock(directory);
    expect(storedHolder()).toEqual(currentHolder());
    lock.release();
  }, 30_000);
});
