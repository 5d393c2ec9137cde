import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone holds the README and docs/ and nothing beside them: every link and every path they name inside
 * the project must exist in the repository, and none may point outside it (`../shared/…`).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const documents = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Targets of Markdown links `[text](target)` that are not web addresses or anchors. */
const localLinks = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^(https?:|mailto:|#)/.test(target));

describe.each(documents)('%s', (document) => {
  const text = readFileSync(path.join(ROOT, document), 'utf8');

  it('links only to files of the repository', () => {
    const missing = localLinks(text).filter(
      (target) => !existsSync(path.resolve(ROOT, path.dirname(document), target.split('#')[0])),
    );
    expect(missing).toEqual([]);
  });

  it('names no path outside the repository', () => {
    const relativePaths = [...text.matchAll(/`(\.\.\/[^`\s]*)`/g)].map((match) => match[1]).concat(localLinks(text));
    const outside = relativePaths.filter((target) =>
      path.relative(ROOT, path.resolve(ROOT, path.dirname(document), target)).startsWith('..'),
    );
    expect(outside).toEqual([]);
  });
});
