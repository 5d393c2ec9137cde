import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRANT_EXTENSIONS, ROUTE_EXTENSIONS } from '../../domain/access';
import { accessTableMarkdown } from '../support/accessTableMarkdown';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README documents the permission table', () => {
  it('shows the effective table of domain/access.ts, cell for cell', () => {
    expect(readme, `README.md must contain:\n${accessTableMarkdown()}`).toContain(accessTableMarkdown());
  });

  it('gives the reason of every extension', () => {
    for (const extension of [...ROUTE_EXTENSIONS, ...GRANT_EXTENSIONS]) {
      expect(readme).toContain(extension.reason);
    }
  });
});
