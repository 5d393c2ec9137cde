import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import type { DEMO_ACCOUNTS } from './seed';
import type { Mailer } from './services/mail';
import { describeFileStorage, openFileStorage } from './services/storage/factory';
import { checkPortAvailable, explainStartupFailure, listenOrExplain } from './startupProblems';

/**
 * The server process: configuration, database (PGlite under DATA_DIR or PostgreSQL), migrations, roles,
 * demo data outside production, then the app on PORT. SIGINT/SIGTERM stop it gracefully. What an operator
 * can get wrong (variables, the data directory, the port, the database) is checked in that order, the cheap
 * checks before the database is opened, and reported in one line.
 */

export interface RunningServer {
  app: FastifyInstance;
  config: ServerConfig;
  /** Stops accepting connections, finishes in-flight requests, closes the mailer and the database. */
  stop(): Promise<void>;
}

const SHUTDOWN_TIMEOUT_MS = 15_000;

export { uploadsDirectory } from './config';

/**
 * Fastify, the database engines, sharp and argon2 load only once the cheap checks have passed: a wrong
 * setting then stops the process in about a second instead of after loading all of them. PGlite loads in
 * its own thread (db/embedded.ts).
 */
const loadServerModules = async () => ({
  ...(await import('./app')),
  ...(await import('./db/client')),
  ...(await import('./seed')),
  ...(await import('./services/mail')),
});

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  await checkPortAvailable(config.port, config.host);
  // A wrong bucket, region or key is one line now, before the database opens, not a 500 on every upload. The
  // storage's module is small (the AWS SDK loads only with STORAGE_URL).
  const storage = await openFileStorage(config);
  // The embedded database's thread copies its files and starts PGlite while this one loads the modules.
  const embeddedStarting = config.databaseUrl ? undefined : startEmbeddedDatabase(config.dataDir);
  // Awaited once the modules are loaded: not an unhandled rejection meanwhile.
  embeddedStarting?.catch(() => undefined);
  let modules: Awaited<ReturnType<typeof loadServerModules>>;
  try {
    modules = await loadServerModules();
  } catch (error) {
    await (await embeddedStarting?.catch(() => undefined))?.stop();
    throw error;
  }
  const database = await modules.openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { embedded: await (embeddedStarting as Promise<EmbeddedDatabase>) },
  );
  const { buildApp, migrateDatabase, ensureRoles, seedDemoData, createMailer, DEMO_ACCOUNTS } = modules;
  let mailer: Mailer | undefined;
  let app: FastifyInstance | undefined;
  let appBuilding: Promise<FastifyInstance> | undefined;
  try {
    // The mailer logs through the app's logger, which exists only once the app is built.
    const mailLogger = {
      info: (details: object, message: string) => app?.log.info(details, message),
      error: (details: object, message: string) => app?.log.error(details, message),
    };
    mailer = createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      logger: mailLogger,
      logLinks: config.nodeEnv !== 'production',
    });
    // Building the app reads nothing from the database: it runs while the migrations and the seed do, which
    // mostly wait for the database's thread. Nothing listens before they are done.
    appBuilding = buildApp({
      config,
      database,
      mailer,
      storage,
      rateLimits: { signIn: { max: config.signInsPerMinute, windowMs: 60_000 } },
    });
    appBuilding.catch(() => undefined); // awaited below, once the database is ready
    await migrateDatabase(database);
    await ensureRoles(database.db);
    const seeded =
      config.nodeEnv === 'production'
        ? false
        : (
            await seedDemoData(database.db, {
              demoPassword: config.demoPassword,
              storage,
              publicUrl: config.publicUrl,
              billingCreditor: config.billingCreditor,
            })
          ).seeded;
    app = await appBuilding;
    const listening = app;
    await listenOrExplain(() => listening.listen({ port: config.port, host: config.host }), config.port, config.host);
    printBanner(config, database, seeded, DEMO_ACCOUNTS, describeFileStorage(config));
  } catch (error) {
    app ??= await appBuilding?.catch(() => undefined);
    await app?.close();
    await mailer?.close();
    await database.close();
    throw error;
  }
  const running = app;
  const openMailer = mailer;
  return {
    app: running,
    config,
    stop: async () => {
      await running.close();
      await openMailer.close();
      await database.close();
    },
  };
}

function printBanner(
  config: ServerConfig,
  database: DatabaseHandle,
  seeded: boolean,
  demoAccounts: typeof DEMO_ACCOUNTS,
  uploadsPlace: string,
): void {
  const lines = [
    '',
    `  Venue back office is running at ${config.publicUrl}`,
    `  environment: ${config.nodeEnv}; database: ${database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  uploads: ${uploadsPlace}`,
  ];
  if (config.nodeEnv !== 'production') {
    lines.push(`  demo accounts${seeded ? ' (just created)' : ''}, password ${config.demoPassword}:`);
    for (const account of demoAccounts)
      lines.push(`    ${account.email.padEnd(30)} ${account.roleKey.padEnd(26)} ${account.label}`);
    lines.push(
      `  mails are recorded in the Mail outbox (${config.publicUrl}/outbox, as root@demo.ch)${config.smtpUrl ? ' and sent over SMTP' : ''}`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

/**
 * A Ctrl-C in a terminal reaches the whole process group: this process, and npm, which passes it on again. The
 * copy that follows within this time is the same request to stop, not an impatient second one.
 */
const SAME_SIGNAL_WINDOW_MS = 1000;

/** One signal stops gracefully; a second one, or a stop that hangs, exits at once. */
function stopOnSignals(server: RunningServer): void {
  let stopping: { signal: NodeJS.Signals; at: number } | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === stopping.signal && Date.now() - stopping.at < SAME_SIGNAL_WINDOW_MS) return;
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = { signal, at: Date.now() };
    console.log(`${signal} received: finishing requests and closing the database…`);
    setTimeout(() => {
      console.error('Shutdown took too long: exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    stopOnSignals(await startServer(env));
  } catch (error) {
    console.error(`Cannot start the server: ${explainStartupFailure(error, env.DATABASE_URL?.trim() || undefined)}`);
    process.exit(1);
  }
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) void main();
