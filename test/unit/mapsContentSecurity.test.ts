import { describe, expect, it } from 'vitest';
import { contentSecurityDirectives } from '../../server/plugins/security';

describe('the CSP and the maps provider', () => {
  it('names no Google origin without a real maps key', () => {
    const policy = JSON.stringify(contentSecurityDirectives({ https: true }));
    expect(policy).not.toContain('google');
    expect(policy).not.toContain('gstatic');
  });

  it('allows the Maps script, its API calls, styles and fonts when a real key is configured, keeping the rest', () => {
    const directives = contentSecurityDirectives({ https: true, maps: true });
    expect(directives['script-src']).toEqual(["'self'", 'https://maps.googleapis.com']);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://*.sentry.io',
      'https://maps.googleapis.com',
      'https://places.googleapis.com',
    ]);
    expect(directives['style-src']).toContain('https://fonts.googleapis.com');
    expect(directives['font-src']).toContain('https://fonts.gstatic.com');
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
});
