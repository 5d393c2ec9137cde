import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildStale } from '../../server/start';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'start-test-'));
  mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'pages', 'Page.tsx'), 'export {};');
  writeFileSync(path.join(root, 'index.html'), '<html></html>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const setTime = (file: string, secondsAgo: number) => {
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, file), time, time);
};

function build(secondsAgo: number) {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'index.html'), '<html>built</html>');
  setTime('dist/index.html', secondsAgo);
}

describe('isBuildStale', () => {
  it('is stale without a build', () => {
    expect(isBuildStale(root)).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    for (const file of ['src/pages/Page.tsx', 'src/pages', 'src', 'index.html']) setTime(file, 100);
    build(10);
    expect(isBuildStale(root)).toBe(false);
  });

  it('is stale when a nested source changed after the build', () => {
    for (const file of ['src/pages', 'src', 'index.html']) setTime(file, 100);
    build(10);
    setTime('src/pages/Page.tsx', 1);
    expect(isBuildStale(root)).toBe(true);
  });
});
