import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppBuildStale, isServerBuildStale, precompressTextFiles } from '../../scripts/build.mjs';

/** `npm start` builds the app (dist/) and the server (dist-server/) only when they are missing or stale. */

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'start-test-'));
  mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'pages', 'Page.tsx'), 'export {};');
  writeFileSync(path.join(root, 'index.html'), '<html></html>');
  mkdirSync(path.join(root, 'server', 'db', 'migrations'), { recursive: true });
  writeFileSync(path.join(root, 'server', 'main.ts'), 'export {};');
  writeFileSync(path.join(root, 'server', 'db', 'migrations', '0000_init.sql'), 'select 1;');
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const setTime = (file: string, secondsAgo: number) => {
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, file), time, time);
};

function buildApp(secondsAgo: number) {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  for (const file of ['index.html', 'index.html.br', 'index.html.gz']) {
    writeFileSync(path.join(root, 'dist', file), '<html>built</html>');
    setTime(`dist/${file}`, secondsAgo);
  }
}

/** A server build whose record names its inputs, as scripts/build.mjs writes it. */
function buildServer(secondsAgo: number, inputs = ['server/main.ts']) {
  mkdirSync(path.join(root, 'dist-server'), { recursive: true });
  writeFileSync(path.join(root, 'dist-server', 'main.js'), 'export {};');
  writeFileSync(path.join(root, 'dist-server', 'inputs.json'), JSON.stringify(inputs));
  setTime('dist-server/main.js', secondsAgo);
}

const ageSources = () => {
  for (const file of [
    'src/pages/Page.tsx',
    'src/pages',
    'src',
    'index.html',
    'server/main.ts',
    'server/db/migrations/0000_init.sql',
    'server/db/migrations',
    'package-lock.json',
  ]) {
    setTime(file, 100);
  }
};

describe('isAppBuildStale', () => {
  it('is stale without a build', () => {
    expect(isAppBuildStale(root)).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    ageSources();
    buildApp(10);
    expect(isAppBuildStale(root)).toBe(false);
  });

  it('is stale when index.html has no compressed forms yet (a build cut short before its last step)', () => {
    ageSources();
    buildApp(10);
    rmSync(path.join(root, 'dist', 'index.html.br'));
    expect(isAppBuildStale(root)).toBe(true);
  });

  it('is stale when a nested source changed after the build', () => {
    ageSources();
    buildApp(10);
    setTime('src/pages/Page.tsx', 1);
    expect(isAppBuildStale(root)).toBe(true);
  });
});

describe('precompressTextFiles', () => {
  it('writes a Brotli and a gzip copy beside every text file, none beside pictures and fonts', async () => {
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const texts = [
      'index.html',
      'favicon.svg',
      'assets/index-Ab12.js',
      'assets/index-Ab12.css',
      'assets/index-Ab12.js.map',
    ];
    for (const file of texts) writeFileSync(path.join(dist, file), `${file} `.repeat(200));
    for (const file of ['assets/logo-Cd34.png', 'assets/font-Ef56.woff2'])
      writeFileSync(path.join(dist, file), 'bytes');

    await precompressTextFiles(dist);

    for (const file of texts) {
      const original = readFileSync(path.join(dist, file));
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`)))).toEqual(original);
    }
    for (const file of ['assets/logo-Cd34.png', 'assets/font-Ef56.woff2']) {
      expect(existsSync(path.join(dist, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(dist, `${file}.gz`))).toBe(false);
    }
  });
});

describe('isServerBuildStale', () => {
  it('is stale without a build, or without its record of inputs (an interrupted build)', () => {
    expect(isServerBuildStale(root)).toBe(true);
    ageSources();
    buildServer(10);
    rmSync(path.join(root, 'dist-server', 'inputs.json'));
    expect(isServerBuildStale(root)).toBe(true);
  });

  it('is fresh when the bundle is newer than its inputs and the migrations', () => {
    ageSources();
    buildServer(10);
    expect(isServerBuildStale(root)).toBe(false);
  });

  it('is stale when the installed packages changed (the PGlite template belongs to the installed PGlite)', () => {
    ageSources();
    buildServer(10);
    setTime('package-lock.json', 1);
    expect(isServerBuildStale(root)).toBe(true);
  });

  it('is stale when an input changed, an input is gone, or a migration was added', () => {
    ageSources();
    buildServer(10);
    setTime('server/main.ts', 1);
    expect(isServerBuildStale(root)).toBe(true);

    ageSources();
    buildServer(10, ['server/main.ts', 'server/gone.ts']);
    expect(isServerBuildStale(root)).toBe(true);

    ageSources();
    buildServer(10);
    writeFileSync(path.join(root, 'server', 'db', 'migrations', '0001_next.sql'), 'select 2;');
    expect(isServerBuildStale(root)).toBe(true);
  });
});
