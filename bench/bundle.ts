/**
 * The JavaScript a browser downloads: for a first visit of /auth, then after signing in as root@ for the
 * dashboard, then for /events (opened from the menu). Builds the app and the server when stale, starts the
 * built server on a throw-away data directory, drives Debian's Chromium and reads the network events
 * (CDP Network.*): per step the scripts fetched, their bytes on the wire (the body, without headers), the
 * bytes they unpack to, and what gzip -9 makes of them. Results: bench/results/bundle.md.
 *
 *   npm run bench:bundle                       (this checkout)
 *   npx tsx bench/bundle.ts --root <checkout>  (another checkout, e.g. a worktree of an older commit)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { freePort } from '../test/support/freePort';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_PASSWORD = 'Demo-Backoffice-2026';
const TARGETS_KB = { auth: 150, dashboard: 450 };

const rootArgument = process.argv.indexOf('--root');
const root = path.resolve(rootArgument > 0 ? process.argv[rootArgument + 1] : '.');

interface Script {
  url: string;
  encoding: string;
  wireBytes: number;
  bytes: number;
  gzipBytes: number;
}

interface Step {
  name: string;
  scripts: Script[];
}

async function buildWhenStale(): Promise<void> {
  const build = (await import(pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href)) as {
    buildWhenStale: (options: { root: string }) => Promise<void>;
  };
  await build.buildWhenStale({ root });
}

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  const port = Number(process.env.PORT ?? (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer within 120 s');
    const answered = await fetch(`${baseUrl}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every script the page finishes loading, with its body's bytes on the wire, from Chromium's own accounting. */
async function recordScripts(page: Page, baseUrl: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const pending = new Map<string, { url: string; encoding: string; headerBytes: number }>();
  const finished: Array<{ url: string; encoding: string; wireBytes: number }> = [];
  cdp.on('Network.responseReceived', (event) => {
    const { response, type, requestId } = event;
    if (type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    pending.set(requestId, {
      url: response.url,
      encoding: String(headers['content-encoding'] ?? 'identity'),
      headerBytes: response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const started = pending.get(event.requestId);
    if (!started) return;
    pending.delete(event.requestId);
    finished.push({
      url: started.url,
      encoding: started.encoding,
      wireBytes: event.encodedDataLength - started.headerBytes,
    });
  });
  /** The scripts finished since the last call, measured against their plain bytes fetched once more. */
  return async (): Promise<Script[]> => {
    const taken = finished.splice(0);
    return Promise.all(
      taken.map(async (script) => {
        const plain = Buffer.from(
          await (await fetch(script.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
        );
        return {
          ...script,
          url: script.url.replace(baseUrl, ''),
          bytes: plain.length,
          gzipBytes: gzipSync(plain, { level: 9 }).length,
        };
      }),
    );
  };
}

const settle = (page: Page) => page.waitForLoadState('networkidle');

async function measure(baseUrl: string): Promise<Step[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      viewport: { width: 1366, height: 860 },
    });
    const page = await context.newPage();
    const takeScripts = await recordScripts(page, baseUrl);
    const steps: Step[] = [];

    await page.goto('/auth');
    await page.locator('input[type="password"]').waitFor();
    await settle(page);
    steps.push({ name: 'first visit of /auth', scripts: await takeScripts() });

    await page.locator('input[type="email"], input[name="email"]').first().fill('root@demo.ch');
    await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/dashboard/);
    await page.locator('.RaLayout-content h2').first().waitFor();
    await settle(page);
    steps.push({ name: 'sign-in → dashboard', scripts: await takeScripts() });

    await page.locator('a[href="/events"]').first().click();
    await page.waitForURL(/\/events/);
    // The list's code loads when it is first opened: wait for the list itself, then for the network to settle.
    await page.locator('.RaList-main').first().waitFor();
    await settle(page);
    steps.push({ name: 'menu → /events', scripts: await takeScripts() });
    return steps;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (scripts: Script[], field: 'wireBytes' | 'bytes' | 'gzipBytes') =>
  scripts.reduce((total, script) => total + script[field], 0);

function report(steps: Step[]): string {
  const rows = [
    '| step | scripts | on the wire (KB) | unpacked (KB) | gzip -9 (KB) | total gzip so far (KB) | encodings |',
    '|---|---|---|---|---|---|---|',
  ];
  let total = 0;
  for (const step of steps) {
    total += sum(step.scripts, 'gzipBytes');
    const encodings = [...new Set(step.scripts.map((script) => script.encoding))].join(', ') || '–';
    rows.push(
      `| ${step.name} | ${step.scripts.length} | ${kb(sum(step.scripts, 'wireBytes'))} | ${kb(sum(step.scripts, 'bytes'))} | ${kb(sum(step.scripts, 'gzipBytes'))} | ${kb(total)} | ${encodings} |`,
    );
  }
  const auth = sum(steps[0].scripts, 'gzipBytes') / 1024;
  const dashboard = (sum(steps[0].scripts, 'gzipBytes') + sum(steps[1].scripts, 'gzipBytes')) / 1024;
  const all = steps.flatMap((step) => step.scripts);
  const uncompressed = all.filter((script) => script.encoding === 'identity');
  rows.push(
    '',
    `- /auth: ${auth.toFixed(1)} KB gzipped (target ≤ ${TARGETS_KB.auth}): ${auth <= TARGETS_KB.auth ? 'met' : 'NOT met'}`,
    `- signed-in dashboard, in total: ${dashboard.toFixed(1)} KB gzipped (target ≤ ${TARGETS_KB.dashboard}): ${dashboard <= TARGETS_KB.dashboard ? 'met' : 'NOT met'}`,
    `- scripts sent uncompressed: ${uncompressed.length} of ${all.length}; on the wire ${kb(sum(all, 'wireBytes'))} KB for ${kb(sum(all, 'gzipBytes'))} KB gzip -9`,
  );
  return rows.join('\n');
}

await buildWhenStale();
const server = await startServer();
try {
  const steps = await measure(server.baseUrl);
  console.log(
    `${new Date().toISOString()}, load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}, ${root}`,
  );
  console.log(report(steps));
  if (process.argv.includes('--list')) {
    for (const step of steps)
      for (const script of step.scripts)
        console.log(`${step.name}\t${script.url}\t${script.encoding}\t${script.wireBytes}\t${script.gzipBytes}`);
  }
} finally {
  await server.stop();
}
