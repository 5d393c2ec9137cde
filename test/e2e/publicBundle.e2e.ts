import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What the built app makes a browser download, read from the build itself: Vite's manifest
 * (dist/.vite/manifest.json) names each chunk's static imports — what loads with it, before it runs — and
 * each chunk's source map names the modules inside it. The public pages (sign-in, access link, password and
 * account flows) must load no react-admin, no calendar and no rich-text editor; the signed-in app loads
 * each resource's screens only when they are opened. In the e2e project because that one builds the app
 * (test/e2e/globalSetup.ts, as `npm start` does); this file builds it too when it is stale.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';
const PUBLIC_APP = 'src/public/PublicApp.tsx';
const SIGNED_IN_APP = 'src/App.tsx';

/** react-admin and what only the signed-in screens use. */
const ADMIN_ONLY =
  /node_modules\/(react-admin|ra-core|ra-ui-materialui|ra-data-simple-rest|ra-i18n-polyglot|ra-input-rich-text|@fullcalendar\/[^/]+|@tiptap\/[^/]+)\//;
/** A resource's screens (its lists, forms and show pages), which load when first opened. */
const RESOURCE_SCREEN = /(^|\/)resources\/[^/]+\/[A-Za-z]+(List|Show|Forms|Calendar)\.tsx$/;
/**
 * What a first visit of the public pages does without: the router and query cache (the signed-in app's), and the
 * HTTP client, the session's encryption, the schema library and the popups' positioning, which load when needed
 * (a form being filled in, a stored session, a menu or tooltip about to open).
 */
const LOADED_WHEN_NEEDED =
  /node_modules\/(react-router|react-router-dom|@tanstack\/[^/]+|axios|crypto-js|zod|@popperjs\/core)\//;
const CALENDAR_OR_EDITOR = /node_modules\/(@fullcalendar\/[^/]+|@tiptap\/[^/]+|ra-input-rich-text)\//;

let manifest: Manifest;

beforeAll(async () => {
  const build = (await import('../../scripts/build.mjs')) as { buildWhenStale: () => Promise<void> };
  await build.buildWhenStale();
  manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}, 300_000);

/** The chunks that load with these: they and their static imports, transitively. */
const staticClosure = (keys: string[]): string[] => {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    expect(manifest[key], `${key} is in the manifest`).toBeDefined();
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  return [...seen];
};

/** The modules bundled into these chunks, from their source maps (the bundler's own helpers have none). */
const modulesOf = (keys: string[]): string[] =>
  keys.flatMap((key) => {
    const mapFile = path.join(DIST, `${manifest[key].file}.map`);
    if (!existsSync(mapFile)) {
      expect(manifest[key].file).toMatch(/^assets\/(rolldown-runtime|preload-helper)-/);
      return [];
    }
    return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
  });

/** The package a bundled module belongs to (`axios`, `@tanstack/query-core`). */
const packageOf = (module: string) => /node_modules\/((@[^/]+\/)?[^/]+)\//.exec(module)?.[1] ?? module;

describe('the public pages’ bundle', () => {
  it('is a chunk of its own, loaded by the entry only on demand, as is the signed-in app', () => {
    // The entry, or a chunk it shares with the public pages and loads with it, imports both on demand.
    const loadedWithEntry = staticClosure([ENTRY]);
    expect(loadedWithEntry).not.toContain(PUBLIC_APP);
    expect(loadedWithEntry.flatMap((key) => manifest[key].dynamicImports ?? [])).toEqual(
      expect.arrayContaining([PUBLIC_APP, SIGNED_IN_APP]),
    );
    const loadedFirst = staticClosure([ENTRY, PUBLIC_APP]);
    expect(loadedFirst).not.toContain(SIGNED_IN_APP);
  });

  it('pulls in no react-admin, calendar or rich-text editor', () => {
    const modules = modulesOf(staticClosure([ENTRY, PUBLIC_APP]));
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((module) => ADMIN_ONLY.test(module))).toEqual([]);
    expect(modules.filter((module) => RESOURCE_SCREEN.test(module))).toEqual([]);
    // React's production code, even when built under NODE_ENV=development, as this suite builds it.
    expect(modules.filter((module) => /node_modules\/react(-dom)?\/.*development/.test(module))).toEqual([]);
  });

  it('loads no router, query cache, HTTP client, encryption, schemas or popup positioning before they are needed', () => {
    const modules = modulesOf(staticClosure([ENTRY, PUBLIC_APP]));
    expect([...new Set(modules.filter((module) => LOADED_WHEN_NEEDED.test(module)).map(packageOf))]).toEqual([]);
  });

  it('leaves react-admin to the signed-in app, which loads no resource screen, calendar or editor before they are opened', () => {
    const modules = modulesOf(staticClosure([ENTRY, SIGNED_IN_APP]));
    // The check above would pass on a build it cannot read: here the same reading finds react-admin.
    expect(modules.some((module) => /node_modules\/ra-core\//.test(module))).toBe(true);
    expect(modules.filter((module) => RESOURCE_SCREEN.test(module))).toEqual([]);
    expect(modules.filter((module) => CALENDAR_OR_EDITOR.test(module))).toEqual([]);
  });
});
