import pg from 'pg';

/**
 * What to tell an operator whose PostgreSQL (DATABASE_URL) cannot be used: one line naming the server, the
 * database or the user concerned, the driver's reason and what to do. The server checks the connection
 * before migrating, and errors found later are explained from their cause chain: Drizzle wraps the driver's
 * error in "Failed query: …", which says nothing about the cause.
 */

export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/** An unreachable address would otherwise wait for the system's TCP timeout (minutes). */
export const CONNECT_TIMEOUT_MS = 10_000;

interface ConnectionTarget {
  host: string;
  port: number;
  database: string;
  user: string;
}

/** Host, port, database and user as the driver resolves them (URL, then PG* variables, then its defaults). */
export function connectionTarget(databaseUrl: string): ConnectionTarget {
  const client = new pg.Client({ connectionString: databaseUrl });
  return { host: client.host, port: client.port, database: client.database ?? '', user: client.user ?? '' };
}

/** The error and everything it wraps: `cause` chains and the attempts of an AggregateError (one per address). */
function errorChain(error: unknown, seen = new Set<unknown>()): unknown[] {
  if (error === null || error === undefined || seen.has(error)) return [];
  seen.add(error);
  const inner = error instanceof AggregateError ? error.errors.flatMap((attempt) => errorChain(attempt, seen)) : [];
  return [error, ...inner, ...errorChain((error as { cause?: unknown }).cause, seen)];
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0];

const UNREACHABLE_CODES = ['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN'];
/** The driver's own words when connectionTimeoutMillis runs out. */
const isConnectTimeout = (error: unknown) => /timeout/i.test(messageOf(error)) && /connect/i.test(messageOf(error));

function describeOne(error: unknown, target: ConnectionTarget): string | undefined {
  const code = codeOf(error);
  const server = `PostgreSQL at ${target.host}:${target.port}`;
  const reason = messageOf(error);
  if (code === 'ECONNREFUSED') {
    return `${server} refused the connection (${reason}): start PostgreSQL there or correct the host and port in DATABASE_URL.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The PostgreSQL host "${target.host}" is unknown (${reason}): correct the host in DATABASE_URL.`;
  }
  if ((code && UNREACHABLE_CODES.includes(code)) || isConnectTimeout(error)) {
    return `${server} cannot be reached (${reason}): check the host, the port and the firewall in between.`;
  }
  if (!(error instanceof pg.DatabaseError) || !code) return undefined;
  if (code === '3D000') {
    return (
      `${server} has no database "${target.database}" (${reason}): create it (createdb ${target.database}) ` +
      'or correct the database name in DATABASE_URL.'
    );
  }
  if (code === '28000' || code === '28P01') {
    return `${server} refused the user "${target.user}" (${reason}): correct the user or the password in DATABASE_URL.`;
  }
  return `${server}, database "${target.database}", user "${target.user}": ${reason} (SQLSTATE ${code}).`;
}

/** Never repeat the password of DATABASE_URL, whatever a message quotes. */
function withoutPassword(line: string, databaseUrl: string): string {
  const password = passwordOf(databaseUrl);
  return password ? line.split(password).join('***') : line;
}

function passwordOf(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).password);
  } catch {
    return '';
  }
}

/** One line for a PostgreSQL problem anywhere in the error's cause chain; undefined when there is none. */
export function describeDatabaseProblem(error: unknown, databaseUrl: string): string | undefined {
  const target = connectionTarget(databaseUrl);
  for (const link of errorChain(error)) {
    const line = describeOne(link, target);
    if (line) return withoutPassword(line, databaseUrl);
  }
  return undefined;
}

/** Connects once and disconnects, so that an unusable DATABASE_URL stops the start with its reason. */
export async function checkConnection(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    const target = connectionTarget(databaseUrl);
    const line =
      describeDatabaseProblem(error, databaseUrl) ??
      `Cannot connect to PostgreSQL at ${target.host}:${target.port}: ${messageOf(error)}.`;
    throw new DatabaseUnavailableError(withoutPassword(line, databaseUrl), { cause: error });
  }
  await client.end();
}
