import { spawn, type ChildProcess } from 'node:child_process';
import { BUILT_SERVER_ARGS } from './builtServer';

/** A server started as its own process by a test, with everything it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** Default: node running the built server (test/support/builtServer.ts). */
  command?: string;
  args?: string[];
  cwd?: string;
  /** A process group of its own, as a terminal or a process manager gives it. */
  detached?: boolean;
}

const started: ChildProcess[] = [];

/**
 * Starts the server with `env` on top of the test's environment, without the test run's database variables:
 * a child must never pick up TEST_DATABASE_URL or DATABASE_URL by accident.
 */
export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): ServerProcess {
  const { TEST_DATABASE_URL: _ignored, DATABASE_URL: _alsoIgnored, ...inherited } = process.env;
  const child = spawn(options.command ?? process.execPath, options.args ?? BUILT_SERVER_ARGS, {
    cwd: options.cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the server printed `pattern`; fails with its output when it exits first or takes too long. */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every server the test file started and that still runs, killed (what a failed test left behind). */
export function killStartedServers(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
