import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_BILLING_CREDITOR, loadConfig, parseEnvironment, usesLocalHttp } from '../../server/config';

const SECRET = 'x'.repeat(32);

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseEnvironment(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnvironment defaults', () => {
  it('runs with nothing set', () => {
    const config = parseEnvironment({}, '/srv/app');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      nodeEnv: 'development',
      publicUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      smtpUrl: undefined,
      demoPassword: 'Demo-Backoffice-2026',
      trustProxy: false,
      signInsPerMinute: 20,
      uploadsPerTenMinutes: 60,
      mapsEnabled: false,
      billingCreditor: DEMO_BILLING_CREDITOR,
    });
  });

  it('enables maps only for a real VITE_MAPS_API_KEY (the shipped local-no-maps is none)', () => {
    expect(parseEnvironment({ VITE_MAPS_API_KEY: 'local-no-maps' }).mapsEnabled).toBe(false);
    expect(parseEnvironment({ VITE_MAPS_API_KEY: '  ' }).mapsEnabled).toBe(false);
    expect(parseEnvironment({ VITE_MAPS_API_KEY: 'AIzaSyA-real-key' }).mapsEnabled).toBe(true);
  });

  it('reads SIGN_INS_PER_MINUTE as a whole number from 1 to 100000', () => {
    expect(parseEnvironment({ SIGN_INS_PER_MINUTE: '500' }).signInsPerMinute).toBe(500);
    for (const value of ['0', '-1', '2.5', 'many', '100001']) {
      expect(() => parseEnvironment({ SIGN_INS_PER_MINUTE: value })).toThrow(/SIGN_INS_PER_MINUTE/);
    }
  });

  it('reads UPLOADS_PER_TEN_MINUTES as a whole number from 1 to 100000', () => {
    expect(parseEnvironment({ UPLOADS_PER_TEN_MINUTES: '200' }).uploadsPerTenMinutes).toBe(200);
    for (const value of ['0', '-1', '2.5', 'many', '100001']) {
      expect(() => parseEnvironment({ UPLOADS_PER_TEN_MINUTES: value })).toThrow(/UPLOADS_PER_TEN_MINUTES/);
    }
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(parseEnvironment({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseEnvironment({ PUBLIC_URL: 'https://bo.example.ch/' }).publicUrl).toBe('https://bo.example.ch');
  });

  it('reads TRUST_PROXY as a flag or proxy addresses', () => {
    expect(parseEnvironment({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnvironment({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('treats empty variables as unset', () => {
    const config = parseEnvironment({ DATABASE_URL: '', SMTP_URL: ' ', DATA_DIR: '' }, '/srv/app');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/app/data');
  });

  it('refuses an empty PORT rather than quietly listening on 3000', () => {
    for (const value of ['', '  ']) {
      expect(problemsOf({ PORT: value })).toEqual(['PORT: is empty; unset it to use 3000 or give a port number']);
    }
  });

  it('accepts valid values', () => {
    const config = parseEnvironment({
      PORT: '65535',
      DATA_DIR: '/var/lib/backoffice',
      DATABASE_URL: 'postgresql://user:pw@db:5432/backoffice',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bo.example.ch',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtps://user:pw@mail.example.ch:465',
      DEMO_PASSWORD: 'Another-Demo-Password',
    });
    expect(config).toMatchObject({
      port: 65535,
      dataDir: '/var/lib/backoffice',
      nodeEnv: 'production',
      jwtSecret: SECRET,
    });
  });
});

describe('the billing creditor (BILLING_*)', () => {
  const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: SECRET, PUBLIC_URL: 'https://backoffice.example.ch' };
  const ADDRESS = {
    BILLING_NAME: 'Nachtleben AG',
    BILLING_STREET: 'Langstrasse',
    BILLING_BUILDING_NUMBER: '12a',
    BILLING_POSTAL_CODE: '8004',
    BILLING_TOWN: 'Zürich',
  };

  it('is the demo creditor outside production and none in production until set', () => {
    expect(parseEnvironment({ NODE_ENV: 'test' }).billingCreditor).toEqual(DEMO_BILLING_CREDITOR);
    expect(parseEnvironment(PRODUCTION).billingCreditor).toBeUndefined();
  });

  it('reads the IBAN (spaces and case as people write it) and the structured address', () => {
    const config = parseEnvironment({ ...PRODUCTION, ...ADDRESS, BILLING_IBAN: 'ch93 0076 2011 6238 5295 7' });
    expect(config.billingCreditor).toEqual({
      name: 'Nachtleben AG',
      street: 'Langstrasse',
      buildingNumber: '12a',
      postalCode: '8004',
      town: 'Zürich',
      country: 'CH',
      iban: 'CH9300762011623852957',
    });
  });

  it('refuses an invalid IBAN, and an IBAN without the address, naming each variable', () => {
    expect(problemsOf({ ...ADDRESS, BILLING_IBAN: 'CH9300762011623852958' })).toEqual([
      expect.stringMatching(/^BILLING_IBAN: must be a valid/),
    ]);
    const missing = problemsOf({ BILLING_IBAN: 'CH9300762011623852957', BILLING_NAME: 'Nachtleben AG' });
    expect(missing.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'BILLING_POSTAL_CODE',
      'BILLING_STREET',
      'BILLING_TOWN',
    ]);
  });
});

describe('parseEnvironment failure messages', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT: must be an integer between 1 and 65535'],
    [{ PORT: '0' }, 'PORT: must be an integer between 1 and 65535'],
    [{ PORT: '70000' }, 'PORT: must be an integer between 1 and 65535'],
    [{ PORT: '30.5' }, 'PORT: must be an integer between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://db/backoffice' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV: must be one of development, test, staging, production'],
    [{ PUBLIC_URL: 'ftp://example.ch' }, expect.stringMatching(/^PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/)],
    [{ PUBLIC_URL: 'https://example.ch/?x=1' }, expect.stringMatching(/^PUBLIC_URL: /)],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters long'],
    [{ SMTP_URL: 'http://mail.example.ch' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD: must be between 12 and 128 characters long'],
    [
      { TRUST_PROXY: 'yes' },
      'TRUST_PROXY: must be true, false, or a comma-separated list of proxy addresses (e.g. 10.0.0.0/8,127.0.0.1)',
    ],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://bo.example.ch' },
      'JWT_SECRET: is required in production (at least 32 random characters)',
    ],
    [
      { NODE_ENV: 'production', JWT_SECRET: SECRET },
      'PUBLIC_URL: is required in production (the address people open, e.g. https://backoffice.example.ch)',
    ],
  ])('%o → %s', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('reports every wrong variable at once, under one heading', () => {
    try {
      parseEnvironment({ PORT: 'x', NODE_ENV: 'prod' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
      expect((error as Error).message).toMatch(/^Invalid environment variables:\n {2}- PORT: .*\n {2}- NODE_ENV: /);
    }
  });
});

describe('the JWT secret kept in DATA_DIR', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is generated once, readable by the owner only, and reused', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(secretFile, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(secretFile).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('is not used when JWT_SECRET is set', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('is refused when the kept file is too short', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
      /JWT_SECRET: the secret kept in .* is shorter than 32 characters/,
    );
  });
});

describe('usesLocalHttp', () => {
  it('is true only for plain http on the local machine', () => {
    expect(usesLocalHttp('http://localhost:3000')).toBe(true);
    expect(usesLocalHttp('http://127.0.0.1:5173')).toBe(true);
    expect(usesLocalHttp('http://[::1]:3000')).toBe(true);
    expect(usesLocalHttp('https://localhost:3000')).toBe(false);
    expect(usesLocalHttp('http://bo.example.ch')).toBe(false);
  });
});
