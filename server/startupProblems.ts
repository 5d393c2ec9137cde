import { createServer } from 'node:net';
import { ConfigError } from './config';
import { DataDirectoryError } from './config/dataDirectory';
import { DatabaseUnavailableError, describeDatabaseProblem } from './db/connectionProblems';
import { DirectoryLockedError } from './db/lock';

/**
 * Start-up failures an operator can fix get one line saying what is wrong and what to do; only a failure
 * nobody foresaw (a bug) keeps its stack trace.
 */

export class PortUnavailableError extends Error {
  override readonly name = 'PortUnavailableError';
}

/** One line for an error of listening on `host:port`; undefined for errors that are not about the address. */
export function describePortProblem(error: unknown, port: number, host: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `Port ${port} is already in use on ${host}: stop the other server or set PORT to a free port.`;
  if (code === 'EACCES') {
    return `Port ${port} on ${host} needs privileges this user does not have: set PORT to 1024 or above (behind a reverse proxy).`;
  }
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `HOST ${host} is an unknown name: set HOST to an address of this machine.`;
  return undefined;
}

const asPortProblem = (error: unknown, port: number, host: string): unknown => {
  const line = describePortProblem(error, port, host);
  return line ? new PortUnavailableError(line, { cause: error }) : error;
};

/**
 * Binds the address and lets it go again, so that a busy port is reported at once rather than after the
 * database has been opened and migrated. Another process may still take the port in between: listening
 * reports that with the same line (`listenOrExplain`).
 */
export async function checkPortAvailable(port: number, host: string): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    throw asPortProblem(error, port, host);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** Runs `listen` and turns an address problem into the one-line PortUnavailableError. */
export async function listenOrExplain(listen: () => Promise<unknown>, port: number, host: string): Promise<void> {
  try {
    await listen();
  } catch (error) {
    throw asPortProblem(error, port, host);
  }
}

const ONE_LINE_ERRORS = [
  ConfigError,
  DirectoryLockedError,
  DataDirectoryError,
  DatabaseUnavailableError,
  PortUnavailableError,
];

/** What `Cannot start the server: ` is followed by. `databaseUrl` lets a wrapped PostgreSQL error name its cause. */
export function explainStartupFailure(error: unknown, databaseUrl?: string): string {
  if (ONE_LINE_ERRORS.some((kind) => error instanceof kind)) return (error as Error).message;
  const databaseProblem = databaseUrl ? describeDatabaseProblem(error, databaseUrl) : undefined;
  if (databaseProblem) return databaseProblem;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
