import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { buildApp } from './app';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client';
import { DirectoryLockedError } from './db/lock';
import { DEMO_ACCOUNTS, ensureRoles, seedDemoData } from './db/seed';
import { createMailer, type Mailer } from './services/mail';
import { describeFileStorage, openFileStorage } from './services/storage';

/**
 * The server process: configuration, database (PGlite under DATA_DIR or PostgreSQL), migrations, roles,
 * demo data outside production, then the app on PORT. SIGINT/SIGTERM stop it gracefully.
 */

export interface RunningServer {
  app: FastifyInstance;
  config: ServerConfig;
  /** Stops accepting connections, finishes in-flight requests, closes the mailer and the database. */
  stop(): Promise<void>;
}

const SHUTDOWN_TIMEOUT_MS = 15_000;

export { uploadsDirectory } from './config';

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const storage = await openFileStorage(config);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  let mailer: Mailer | undefined;
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    await ensureRoles(database.db);
    const seeded =
      config.nodeEnv === 'production'
        ? false
        : (await seedDemoData(database.db, { demoPassword: config.demoPassword, storage })).seeded;
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
    app = await buildApp({ config, database, mailer, storage, rateLimits: { signIn: { max: config.signInsPerMinute, windowMs: 60_000 } } });
    await app.listen({ port: config.port, host: config.host });
    printBanner(config, database, seeded);
  } catch (error) {
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

function printBanner(config: ServerConfig, database: DatabaseHandle, seeded: boolean): void {
  const lines = [
    '',
    `  Venue back office is running at ${config.publicUrl}`,
    `  environment: ${config.nodeEnv}; database: ${database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  uploads: ${describeFileStorage(config)}`,
  ];
  if (config.nodeEnv !== 'production') {
    lines.push(`  demo accounts${seeded ? ' (just created)' : ''}, password ${config.demoPassword}:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(30)} ${account.roleKey.padEnd(26)} ${account.label}`);
    lines.push(`  mails are recorded in the Mail outbox (${config.publicUrl}/outbox, as root@demo.ch)${config.smtpUrl ? ' and sent over SMTP' : ''}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** One signal stops gracefully; a second one, or a stop that hangs, exits at once. */
function stopOnSignals(server: RunningServer): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
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

/** Start-up failures people can fix get one clear line, not a stack trace. */
function explain(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return 'The port is already in use: stop the other server or set PORT to a free port.';
  if (code === 'ECONNREFUSED') return 'The PostgreSQL server of DATABASE_URL refused the connection: is it running?';
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    stopOnSignals(await startServer(env));
  } catch (error) {
    console.error(`Cannot start the server: ${explain(error)}`);
    process.exit(1);
  }
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) void main();
