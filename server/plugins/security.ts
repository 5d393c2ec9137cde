import type { FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { GOOGLE_MAPS_CSP_SOURCES } from '../../domain/maps';

/**
 * Security headers on every response: CSP, nosniff, no referrer, and no framing. The public widget's routes
 * (server/routes/externalWidgets.ts) turn these off and send their own: its page may be framed by the sites
 * its settings allow, with a CSP of its own.
 */

type Directives = Record<string, string[]>;

export interface SecurityHeaderOptions {
  https: boolean;
  /** A real maps key is configured: the address autocomplete loads Google Maps (domain/maps.ts). */
  maps?: boolean;
}

/** The app's Content-Security-Policy; later features add origins here. */
export function contentSecurityDirectives({ https, maps = false }: SecurityHeaderOptions): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // Error reports go to Sentry; everything else is same-origin.
    'connect-src': ["'self'", 'https://*.sentry.io'],
    'worker-src': ["'self'", 'blob:'],
    // The widget settings page previews the widget in a same-origin iframe.
    'frame-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  if (maps) {
    for (const [directive, sources] of Object.entries(GOOGLE_MAPS_CSP_SOURCES))
      directives[directive] = [...(directives[directive] ?? []), ...sources];
  }
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function helmetOptions({ https, maps = false }: SecurityHeaderOptions): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives({ https, maps }) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over https; on local http it would only confuse other local apps.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  await app.register(helmet, helmetOptions(options));
}
