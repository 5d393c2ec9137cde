/**
 * The browser app's configuration, read from Vite's `import.meta.env`
 * (only `VITE_*` variables reach the browser). Checked once at start: a wrong value stops the boot
 * with an error whose message starts with `Invalid environment variables`, one line per variable.
 */

export const APP_ENVIRONMENTS = ['local', 'develop', 'staging', 'production'] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

export const NODE_ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export type NodeEnvironment = (typeof NODE_ENVIRONMENTS)[number];

export const API_PATH = '/api/v1';
export const INVALID_ENV_MESSAGE = 'Invalid environment variables';

export interface AppConfig {
  /** VITE_APP_ENV: one of APP_ENVIRONMENTS, or any other name (accepted with a warning). */
  appEnv: AppEnvironment | (string & {});
  /** VITE_NODE_ENV, else Vite's MODE; development when neither is set. */
  nodeEnv: NodeEnvironment;
  /** VITE_CRYPTO_SECRET: encrypts the session kept in localStorage. */
  cryptoSecret: string;
  /** VITE_MAPS_API_KEY */
  mapsApiKey: string;
  /** VITE_SENTRY_DSN: where error reports go. */
  sentryDsn: string;
  /** VITE_API_BASE_URL: base of the resources API, without a trailing slash. */
  apiBaseUrl: string;
  /** VITE_AUTH_API_BASE_URL: base of the `/auth/*` endpoints, without a trailing slash. */
  authApiBaseUrl: string;
  isLocal: boolean;
  isDevelop: boolean;
  isStaging: boolean;
  isProduction: boolean;
}

/** The raw variables as Vite hands them over: every value is a string or absent. */
export type RawEnv = Record<string, string | boolean | undefined>;

// Vite turns `NAME=` into an empty string: treat it as absent so that required means non-empty.
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The checks are plain functions rather than a schema: this module runs at boot on every page, the public
 * ones included, which load no schema library. Each returns the checked value or a problem to report.
 */
type Checked<T> = { value: T } | { problem: string };

const requiredText = (raw: unknown): Checked<string> => {
  const value = blankAsMissing(raw);
  if (value === undefined) return { problem: 'is required' };
  return typeof value === 'string' ? { value: value.trim() } : { problem: 'must be text' };
};

/** An absolute URL as the URL parser reads it (leading and trailing blanks ignored), else the problem. */
const urlOf = (value: unknown, problem: string): Checked<string> => {
  if (typeof value !== 'string') return { problem };
  const trimmed = value.trim();
  try {
    new URL(trimmed);
    return { value: trimmed.replace(/[\t\n\r]/g, '') };
  } catch {
    return { problem };
  }
};

const urlText = (raw: unknown): Checked<string> => {
  const value = blankAsMissing(raw);
  return value === undefined ? { problem: 'is required' } : urlOf(value, 'must be an absolute URL (https://…)');
};

const optionalBaseUrl = (raw: unknown): Checked<string | undefined> => {
  const value = blankAsMissing(raw);
  return value === undefined ? { value } : urlOf(value, 'must be an absolute URL such as https://example.ch/api/v1');
};

const isNodeEnvironment = (value: unknown): value is NodeEnvironment =>
  typeof value === 'string' && (NODE_ENVIRONMENTS as readonly string[]).includes(value);

const nodeEnvironment = (raw: unknown): Checked<NodeEnvironment> => {
  const value = blankAsMissing(raw);
  if (value === undefined) return { value: 'development' };
  return isNodeEnvironment(value)
    ? { value }
    : { problem: `must be one of ${NODE_ENVIRONMENTS.join(', ')} (got "${String(value)}")` };
};

const envChecks = {
  VITE_APP_ENV: requiredText,
  VITE_NODE_ENV: nodeEnvironment,
  VITE_CRYPTO_SECRET: requiredText,
  VITE_MAPS_API_KEY: requiredText,
  VITE_SENTRY_DSN: urlText,
  VITE_API_BASE_URL: optionalBaseUrl,
  VITE_AUTH_API_BASE_URL: optionalBaseUrl,
};

type CheckedEnv = {
  [Name in keyof typeof envChecks]: ReturnType<(typeof envChecks)[Name]> extends Checked<infer T> ? T : never;
};

/** The checked variables, or the message listing every problem, one line per variable. */
const checkEnv = (input: Record<string, unknown>): { env: CheckedEnv } | { problems: string } => {
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, check] of Object.entries(envChecks)) {
    const checked = check(input[name]);
    if ('problem' in checked) problems.push(`  ${name}: ${checked.problem}`);
    else env[name] = checked.value;
  }
  return problems.length > 0 ? { problems: problems.join('\n') } : { env: env as CheckedEnv };
};

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

const isAppEnvironment = (value: string): value is AppEnvironment =>
  (APP_ENVIRONMENTS as readonly string[]).includes(value);

/**
 * Checks the raw variables and builds the configuration. Pure apart from the warning for an unknown
 * environment name, which goes to `warn`.
 *
 * @param rawEnv  `import.meta.env` or an equivalent record
 * @param origin  the page origin, e.g. `https://backoffice.example.ch`, for the default API base URLs
 * @throws Error whose message starts with `Invalid environment variables`, then one line per problem
 */
export const parseAppConfig = (
  rawEnv: RawEnv,
  origin: string,
  warn: (message: string) => void = console.warn,
): AppConfig => {
  // An explicit VITE_NODE_ENV wins; otherwise Vite's mode (development, production, test) stands in.
  const input = { ...rawEnv, VITE_NODE_ENV: blankAsMissing(rawEnv.VITE_NODE_ENV) ?? rawEnv.MODE };
  const result = checkEnv(input);
  if ('problems' in result) throw new Error(`${INVALID_ENV_MESSAGE}:\n${result.problems}`);
  const { env } = result;
  if (!isAppEnvironment(env.VITE_APP_ENV)) {
    warn(`VITE_APP_ENV "${env.VITE_APP_ENV}" is not one of ${APP_ENVIRONMENTS.join(', ')}; continuing with it.`);
  }
  const defaultBaseUrl = `${withoutTrailingSlash(origin)}${API_PATH}`;
  return {
    appEnv: env.VITE_APP_ENV,
    nodeEnv: env.VITE_NODE_ENV,
    cryptoSecret: env.VITE_CRYPTO_SECRET,
    mapsApiKey: env.VITE_MAPS_API_KEY,
    sentryDsn: env.VITE_SENTRY_DSN,
    apiBaseUrl: withoutTrailingSlash(env.VITE_API_BASE_URL ?? defaultBaseUrl),
    authApiBaseUrl: withoutTrailingSlash(env.VITE_AUTH_API_BASE_URL ?? defaultBaseUrl),
    isLocal: env.VITE_APP_ENV === 'local',
    isDevelop: env.VITE_APP_ENV === 'develop',
    isStaging: env.VITE_APP_ENV === 'staging',
    isProduction: env.VITE_APP_ENV === 'production',
  };
};

/** The rule for a usable maps key lives with the server's share of it. */
export { usableMapsKey } from '../../domain/maps';

// Outside a browser (unit tests in Node) there is no page: any origin will do for the defaults.
const pageOrigin = (): string => globalThis.location?.origin ?? 'http://localhost';

/** The configuration, checked once when this module is first imported. */
export const appConfig: AppConfig = parseAppConfig(import.meta.env, pageOrigin());
