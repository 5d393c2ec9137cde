/**
 * `npx tsx bench/startup.ts [checkout …] [--turns N] [--port P]`: what an operator sees on `npm start` with an
 * empty data directory. Each turn starts `node scripts/start.mjs` with the node flags of the checkout's
 * `npm start` script, in a checkout (the built app and server present) with a fresh DATA_DIR, polls GET / until
 * the first answer, then waits 10 s idle and reads the resident memory of the process and all its descendants
 * from /proc (PGlite's thread, or process, counted with the server), then stops it with SIGTERM. Checkouts take
 * turns (A B A B) so that the machine's noise hits each alike; several checkouts compare code before and after
 * a change. Linux only (/proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const IDLE_MS = 10_000;
const START_TIMEOUT_MS = 120_000;

interface Turn {
  checkout: string;
  firstAnswerMs: number;
  rssMb: number;
  /** Of the resident memory: the heaps (JavaScript's and PGlite's WebAssembly memory among them), in MB. */
  anonymousMb: number;
  /** Of the resident memory: mapped files (node, its libraries, native modules), in MB. */
  fileMb: number;
}

function parseArguments(argv: string[]): { checkouts: string[]; turns: number; port: number } {
  const checkouts: string[] = [];
  let turns = 2;
  let port = 3133;
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--turns') turns = Number(argv[++index]);
    else if (argv[index] === '--port') port = Number(argv[++index]);
    else checkouts.push(path.resolve(argv[index]));
  }
  return { checkouts: checkouts.length > 0 ? checkouts : [process.cwd()], turns, port };
}

/** The pid and every descendant's, from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap((child) => (existsSync(`/proc/${child}`) ? processTree(child) : []))];
}

/** A field of /proc/<pid>/status, in kB. */
const kilobytes = (file: string, field: string): number =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? 0);

function memoryOf(pid: number): Pick<Turn, 'rssMb' | 'anonymousMb' | 'fileMb'> {
  const pids = processTree(pid);
  const sum = (file: (pid: number) => string, field: string) =>
    pids.reduce((total, each) => total + kilobytes(file(each), field), 0) / 1024;
  return {
    rssMb: sum((each) => `/proc/${each}/status`, 'VmRSS'),
    anonymousMb: sum((each) => `/proc/${each}/status`, 'RssAnon'),
    fileMb: sum((each) => `/proc/${each}/status`, 'RssFile'),
  };
}

async function firstAnswer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`no answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * What the checkout's `npm start` gives node (its script is `exec node [flags] scripts/start.mjs`), without npm
 * itself, whose own process would be counted with the server's.
 */
function startArguments(checkout: string): string[] {
  const script: string = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')).scripts.start;
  const match = /^(?:exec\s+)?node\s+(.+)$/.exec(script.trim());
  if (!match) throw new Error(`${checkout}: npm start runs "${script}", not node: run it another way`);
  return match[1].split(/\s+/);
}

async function runTurn(checkout: string, port: number): Promise<Turn> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-startup-'));
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _test, NODE_ENV: _environment, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, startArguments(checkout), {
    cwd: checkout,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await firstAnswer(`http://127.0.0.1:${port}/`, child, () => output);
    const firstAnswerMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { checkout, firstAnswerMs, ...memoryOf(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) console.error(`${checkout}: exit code ${code} after SIGTERM:\n${output}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function main(): Promise<void> {
  const { checkouts, turns, port } = parseArguments(process.argv.slice(2));
  const load = loadavg().map((value) => value.toFixed(2));
  const results: Turn[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    for (const checkout of checkouts) {
      const result = await runTurn(checkout, port);
      console.log(
        `${path.basename(checkout)}: first answer ${fixed(result.firstAnswerMs / 1000, 1)} s, ` +
          `${fixed(result.rssMb)} MB resident (${fixed(result.anonymousMb)} anonymous, ${fixed(result.fileMb)} file)`,
      );
      results.push(result);
    }
  }
  console.log(
    `\n${new Date().toISOString()}, load average before ${load.join(' ')}, after ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log('| checkout | turns | first answer (median) | resident at idle (median) | anonymous | file-backed |');
  console.log('|---|---|---|---|---|---|');
  for (const checkout of checkouts) {
    const mine = results.filter((result) => result.checkout === checkout);
    console.log(
      `| ${path.basename(checkout)} | ${mine.length} | ${fixed(median(mine.map((each) => each.firstAnswerMs)) / 1000, 1)} s | ` +
        `${fixed(median(mine.map((each) => each.rssMb)))} MB | ${fixed(median(mine.map((each) => each.anonymousMb)))} MB | ` +
        `${fixed(median(mine.map((each) => each.fileMb)))} MB |`,
    );
  }
}

await main();
