/**
 * `npm run bench`: measures the foundations of the product and records the results in bench/results/.
 *  - API latency over real HTTP on loopback, PGlite in memory with the demo seed: `GET /auth/me`
 *    (the guards' user fetch, on every navigation) and `POST /auth/sign-in` (argon2id on purpose slow).
 *  - The size of the built app: the JavaScript loaded on first visit versus the lazily loaded languages.
 *  - `GET /occurrences` over 1,000 series and 10,000 one-off events (bench/occurrences.ts), on PGlite and,
 *    with TEST_DATABASE_URL, on PostgreSQL.
 * Numbers come from one run on this machine; compare ratios within one run only.
 */
import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { occurrenceBenchmarks, occurrenceReportLines } from './occurrences';
import { listenOnLoopback, percentile, round, seedBenchDatabase } from './server';

async function measure(total: number, concurrency: number, request: () => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      const begin = performance.now();
      const response = await request();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`unexpected status ${response.status}`);
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    concurrency,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: total / seconds,
  };
}

async function apiBenchmarks() {
  const database = await openDatabase({});
  await seedBenchDatabase(database);
  const server = await listenOnLoopback(database, {
    signIn: { max: 1_000_000, windowMs: 60_000 },
    failedSignIns: { max: 1_000_000, windowMs: 60_000 },
  });
  const signIn = () => server.signIn('admin@demo.ch');
  const accessToken = await server.accessTokenOf('admin@demo.ch');
  const me = () => fetch(`${server.base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  await measure(100, 4, me); // warm-up
  const results = { me: await measure(2_000, 8, me), signIn: await measure(60, 2, signIn) };
  await server.close();
  await database.close();
  return results;
}

function bundleSizes() {
  const assets = path.resolve('dist/assets');
  if (!existsSync(assets)) return undefined;
  const html = readFileSync('dist/index.html', 'utf8');
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(assets, file))).length;
  const initial = files.filter((file) => html.includes(file));
  const languages = files.filter((file) => /^(fr|de|it)[-.]/.test(file));
  return {
    initialKiB: initial.reduce((sum, file) => sum + gzipped(file), 0) / 1024,
    totalKiB: files.reduce((sum, file) => sum + statSync(path.join(assets, file)).size, 0) / 1024,
    languages: Object.fromEntries(languages.map((file) => [file, gzipped(file) / 1024])),
  };
}

const api = await apiBenchmarks();
const occurrences = await occurrenceBenchmarks();
const bundle = bundleSizes();
const lines = [
  `# Benchmark results (${new Date().toISOString()}, node ${process.version}, ${process.platform})`,
  '',
  '| API call (PGlite, loopback HTTP) | requests | concurrency | p50 ms | p99 ms | req/s |',
  '|---|---|---|---|---|---|',
  ...Object.entries(api).map(
    ([name, r]) =>
      `| ${name} | ${r.requests} | ${r.concurrency} | ${round(r.p50)} | ${round(r.p99)} | ${round(r.perSecond)} |`,
  ),
  '',
  ...occurrenceReportLines(occurrences),
  '',
  bundle
    ? `Built app: first visit loads ${round(bundle.initialKiB)} KiB of gzipped JavaScript (all chunks ${round(bundle.totalKiB)} KiB raw); ` +
      `languages loaded on demand: ${
        Object.entries(bundle.languages)
          .map(([file, kib]) => `${file} ${round(kib)} KiB`)
          .join(', ') || 'none found'
      }.`
    : 'Built app: not measured (run `npm run build` first).',
  '',
];
const report = lines.join('\n');
console.log(report);
writeFileSync(path.resolve('bench/results/latest.md'), report);
