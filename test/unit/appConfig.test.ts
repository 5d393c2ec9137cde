import { describe, expect, it, vi } from 'vitest';
import { INVALID_ENV_MESSAGE, parseAppConfig, type RawEnv } from '../../src/config/env';

const ORIGIN = 'https://backoffice.example.ch';

const validEnv = (overrides: RawEnv = {}): RawEnv => ({
  MODE: 'production',
  VITE_APP_ENV: 'staging',
  VITE_CRYPTO_SECRET: 'a-secret',
  VITE_MAPS_API_KEY: 'maps-key',
  VITE_SENTRY_DSN: 'https://public@sentry.example.ch/1',
  ...overrides,
});

/** Runs the parser and returns the message it throws. */
const failureOf = (env: RawEnv): string => {
  try {
    parseAppConfig(env, ORIGIN, () => undefined);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected parseAppConfig to throw');
};

describe('parseAppConfig', () => {
  it('builds the configuration with both API base URLs defaulting to the origin plus /api/v1', () => {
    const config = parseAppConfig(validEnv(), ORIGIN);
    expect(config).toEqual({
      appEnv: 'staging',
      nodeEnv: 'production',
      cryptoSecret: 'a-secret',
      mapsApiKey: 'maps-key',
      sentryDsn: 'https://public@sentry.example.ch/1',
      apiBaseUrl: 'https://backoffice.example.ch/api/v1',
      authApiBaseUrl: 'https://backoffice.example.ch/api/v1',
      isLocal: false,
      isDevelop: false,
      isStaging: true,
      isProduction: false,
    });
  });

  it('keeps explicit base URLs without their trailing slash', () => {
    const config = parseAppConfig(
      validEnv({
        VITE_API_BASE_URL: 'https://api.example.ch/v1/',
        VITE_AUTH_API_BASE_URL: 'https://auth.example.ch/api/v1',
      }),
      ORIGIN,
    );
    expect(config.apiBaseUrl).toBe('https://api.example.ch/v1');
    expect(config.authApiBaseUrl).toBe('https://auth.example.ch/api/v1');
  });

  it('treats an empty base URL as unset', () => {
    expect(parseAppConfig(validEnv({ VITE_API_BASE_URL: '' }), ORIGIN).apiBaseUrl).toBe(`${ORIGIN}/api/v1`);
  });

  it.each(['VITE_CRYPTO_SECRET', 'VITE_MAPS_API_KEY', 'VITE_SENTRY_DSN', 'VITE_APP_ENV'])(
    'refuses a missing %s',
    (name) => {
      const message = failureOf(validEnv({ [name]: undefined }));
      expect(message.startsWith(INVALID_ENV_MESSAGE)).toBe(true);
      expect(message).toContain(`${name}: is required`);
    },
  );

  it.each(['VITE_CRYPTO_SECRET', 'VITE_MAPS_API_KEY', 'VITE_APP_ENV'])('refuses an empty %s', (name) => {
    expect(failureOf(validEnv({ [name]: '  ' }))).toContain(`${name}: is required`);
  });

  it('refuses a DSN that is not a URL', () => {
    expect(failureOf(validEnv({ VITE_SENTRY_DSN: 'not a dsn' }))).toContain('VITE_SENTRY_DSN: must be an absolute URL');
  });

  it('refuses a base URL that is not absolute', () => {
    expect(failureOf(validEnv({ VITE_AUTH_API_BASE_URL: '/api/v1' }))).toContain(
      'VITE_AUTH_API_BASE_URL: must be an absolute URL',
    );
  });

  it('refuses an unknown Node environment', () => {
    expect(failureOf(validEnv({ VITE_NODE_ENV: 'qa' }))).toContain(
      'VITE_NODE_ENV: must be one of development, test, staging, production (got "qa")',
    );
  });

  it('takes the Node environment from VITE_NODE_ENV, else from the mode, else development', () => {
    expect(parseAppConfig(validEnv({ VITE_NODE_ENV: 'staging' }), ORIGIN).nodeEnv).toBe('staging');
    expect(parseAppConfig(validEnv({ MODE: 'test' }), ORIGIN).nodeEnv).toBe('test');
    expect(parseAppConfig(validEnv({ MODE: undefined }), ORIGIN).nodeEnv).toBe('development');
  });

  it('lists every problem, one line per variable, after the heading', () => {
    const message = failureOf({ MODE: 'development' });
    expect(message.split('\n')).toEqual([
      `${INVALID_ENV_MESSAGE}:`,
      '  VITE_APP_ENV: is required',
      '  VITE_CRYPTO_SECRET: is required',
      '  VITE_MAPS_API_KEY: is required',
      '  VITE_SENTRY_DSN: is required',
    ]);
  });

  it('accepts an unknown environment name with a warning', () => {
    const warn = vi.fn();
    const config = parseAppConfig(validEnv({ VITE_APP_ENV: 'preview' }), ORIGIN, warn);
    expect(config.appEnv).toBe('preview');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain(
      'VITE_APP_ENV "preview" is not one of local, develop, staging, production',
    );
  });

  it.each(['local', 'develop', 'staging', 'production'])('accepts %s without a warning', (appEnv) => {
    const warn = vi.fn();
    parseAppConfig(validEnv({ VITE_APP_ENV: appEnv }), ORIGIN, warn);
    expect(warn).not.toHaveBeenCalled();
  });

  it('accepts the committed local .env as loaded by Vite', async () => {
    const { appConfig } = await import('../../src/config/env');
    expect(appConfig.appEnv).toBe('local');
    expect(appConfig.isLocal).toBe(true);
    expect(appConfig.apiBaseUrl).toMatch(/\/api\/v1$/);
  });
});
