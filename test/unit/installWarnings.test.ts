import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A fresh `npm install` prints no warning: no dependency wants a newer Node than the one `engines` promises
 * (cookie@2 and content-disposition@3 want Node 22; package.json `overrides` keeps their Node 18 versions,
 * whose API is the one their users call), and every install script is decided in `allowScripts`. npm's
 * dry run resolves the committed lock file in an empty directory and reports what a real install would.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const directory = mkdtempSync(path.join(tmpdir(), 'install-check-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('npm install', () => {
  it('prints no warning for the committed package.json and lock file', () => {
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(ROOT, file), path.join(directory, file));
    const environment = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
    );
    const install = spawnSync('npm', ['install', '--dry-run', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: directory,
      env: environment,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(install.status, install.stderr).toBe(0);
    const warnings = `${install.stdout}\n${install.stderr}`.split('\n').filter((line) => /^npm warn/i.test(line));
    expect(warnings).toEqual([]);
  }, 150_000);
});
