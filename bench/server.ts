/**
 * What every benchmark of bench/ needs: a demo-seeded database, the app listening on loopback, signed-in
 * tokens, and the percentiles and rounding of the reports. Written once for bench/run.ts and
 * bench/occurrences.ts, so both measure the same server set up the same way.
 */
import { buildApp, type BuildAppOptions } from '../server/app';
import { DEFAULT_DEMO_PASSWORD, parseEnvironment } from '../server/config';
import { migrateDatabase, type DatabaseHandle } from '../server/db/client';
import { seedDemoData } from '../server/seed';
import { createMailer } from '../server/services/mail';

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;

/** The value below which `p` % of the (ascending) samples lie. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** What one turn of requests measured: throughput, latencies in ms, and the answers that were not 2xx. */
export interface Turn {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * `connections` loops each sending one request after another for `seconds`; `send` answers whether the request
 * succeeded (2xx) and throws when it failed otherwise (a timeout, a closed connection).
 */
export async function timedTurn(
  { connections, seconds }: { connections: number; seconds: number },
  send: () => Promise<boolean>,
): Promise<Turn> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      try {
        if (!(await send())) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / (elapsed / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** `connections` loops sending GET `url` for `seconds`, each request given `timeoutMs` before it counts as failed. */
export function loadTurn(
  url: string,
  headers: Record<string, string>,
  { connections, seconds, timeoutMs }: { connections: number; seconds: number; timeoutMs: number },
): Promise<Turn> {
  return timedTurn({ connections, seconds }, async () => {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  });
}

/** One decimal, as the reports print milliseconds. */
export const round = (value: number) => Math.round(value * 10) / 10;

/** Migrates the (empty) database and seeds the demo data with DEMO_PASSWORD. */
export async function seedBenchDatabase(database: DatabaseHandle): Promise<void> {
  await migrateDatabase(database);
  await seedDemoData(database.db, { demoPassword: DEMO_PASSWORD });
}

export interface BenchServer {
  /** The origin the app listens on (`http://127.0.0.1:port`). */
  base: string;
  /** `POST /auth/sign-in` of a demo account (measured as is by bench/run.ts). */
  signIn(email: string): Promise<Response>;
  /** A demo account's access token. */
  accessTokenOf(email: string): Promise<string>;
  /** Stops the app and its mailer; the database stays the caller's. */
  close(): Promise<void>;
}

/** The app over real HTTP on loopback, on a seeded database, with the test configuration and no logs. */
export async function listenOnLoopback(
  database: DatabaseHandle,
  rateLimits?: BuildAppOptions['rateLimits'],
): Promise<BenchServer> {
  const config = {
    ...parseEnvironment({ NODE_ENV: 'test', DEMO_PASSWORD }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-123',
  };
  const mailer = createMailer({ db: database.db });
  const app = await buildApp({ config, database, mailer, logger: false, rateLimits });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = (email: string) =>
    fetch(`${base}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
  return {
    base,
    signIn,
    accessTokenOf: async (email) => ((await (await signIn(email)).json()) as { accessToken: string }).accessToken,
    close: async () => {
      await app.close();
      await mailer.close();
    },
  };
}
