import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { devServerPort } from '../../vite.config';
import { freePort } from '../support/freePort';

/** `npm run dev` serves the app with Vite on VITE_PORT (default 5173), exactly there. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('devServerPort', () => {
  it('is 5173 unless VITE_PORT names another port', () => {
    expect(devServerPort(undefined)).toBe(5173);
    expect(devServerPort('5200')).toBe(5200);
  });

  it('refuses an empty or malformed VITE_PORT rather than using 5173', () => {
    for (const value of ['', ' ', 'abc', '0', '70000', '51.73']) {
      expect(() => devServerPort(value)).toThrow(
        `VITE_PORT: must be an integer between 1 and 65535 (unset: 5173); got "${value}"`,
      );
    }
  });
});

describe('the Vite development server', () => {
  it('listens on VITE_PORT and serves the app there', async () => {
    const port = await freePort();
    const vite = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), '--host', '127.0.0.1'],
      {
        cwd: ROOT,
        // Plain text: under CI=true Vite colours the port, which would split the URL with escape codes.
        env: { ...process.env, VITE_PORT: String(port), NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    vite.stdout.on('data', (chunk) => (output += String(chunk)));
    vite.stderr.on('data', (chunk) => (output += String(chunk)));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes(`:${port}/`) && Date.now() < deadline && vite.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain(`http://127.0.0.1:${port}/`);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      vite.kill('SIGTERM');
    }
  }, 60_000);
});
