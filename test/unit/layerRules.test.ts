import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.layers.js, run by ESLint itself on one-line samples: an import from a layer to one
 * above it must be an error, an import downwards must pass. The table is written out here rather than read
 * from the rules, so that a zone dropped or narrowed there fails here.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A file of each layer (one that exists, so that the import resolves). */
const LAYER_FILES = {
  domain: 'domain/access.ts',
  config: 'server/config/index.ts',
  errors: 'server/errors.ts',
  db: 'server/db/client.ts',
  services: 'server/services/passwords.ts',
  plugins: 'server/plugins/errors.ts',
  routes: 'server/routes/index.ts',
  seed: 'server/seed/index.ts',
  app: 'server/app.ts',
  providers: 'providers/session.ts',
  resources: 'resources/shared/dateFormat.ts',
  shell: 'src/App.tsx',
} as const;
type Layer = keyof typeof LAYER_FILES;

const BACKWARD: Array<[from: Layer, to: Layer]> = [
  ['domain', 'errors'],
  ['domain', 'db'],
  ['domain', 'providers'],
  ['domain', 'shell'],
  ['config', 'db'],
  ['errors', 'services'],
  ['db', 'services'],
  ['db', 'routes'],
  ['services', 'routes'],
  ['services', 'plugins'],
  ['services', 'app'],
  ['services', 'seed'],
  ['db', 'seed'],
  ['routes', 'seed'],
  ['seed', 'routes'],
  ['plugins', 'routes'],
  ['routes', 'app'],
  ['routes', 'resources'],
  ['providers', 'resources'],
  ['providers', 'shell'],
  ['providers', 'db'],
  ['resources', 'shell'],
  ['resources', 'services'],
  ['shell', 'routes'],
];

const DOWNWARD: Array<[from: Layer, to: Layer]> = [
  ['errors', 'domain'],
  ['db', 'config'],
  ['db', 'errors'],
  ['services', 'db'],
  ['plugins', 'services'],
  ['routes', 'plugins'],
  ['routes', 'services'],
  ['app', 'routes'],
  ['seed', 'services'],
  ['seed', 'db'],
  ['providers', 'domain'],
  ['resources', 'providers'],
  ['shell', 'resources'],
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** Layers that are one file rather than a folder: the sample is that file itself. */
const SINGLE_FILE_LAYERS: ReadonlySet<Layer> = new Set(['errors', 'app']);

/** The layer-rule messages for a sample file of layer `from` that imports `to`'s file. */
async function layerErrors(from: Layer, to: Layer): Promise<string[]> {
  const sample = SINGLE_FILE_LAYERS.has(from)
    ? path.join(ROOT, LAYER_FILES[from])
    : path.join(ROOT, path.dirname(LAYER_FILES[from]), 'layerSample.ts');
  const target = path.join(ROOT, LAYER_FILES[to]).replace(/\.tsx?$/, '');
  const specifier = path.relative(path.dirname(sample), target);
  const source = `import '${specifier.startsWith('.') ? specifier : `./${specifier}`}';\n`;
  const [result] = await eslint.lintText(source, { filePath: sample });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the layer rules', () => {
  it.each(BACKWARD)('reject an import from %s up to %s', async (from, to) => {
    expect(await layerErrors(from, to)).toHaveLength(1);
  });

  it.each(DOWNWARD)('let %s import %s below it', async (from, to) => {
    expect(await layerErrors(from, to)).toEqual([]);
  });
});
