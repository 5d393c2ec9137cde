import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { GOOGLE_MAPS_CSP_SOURCES } from '../../domain/maps';

/**
 * Security headers on every response: CSP, nosniff, no referrer, and no framing. The public widget's routes
 * (server/routes/externalWidgets.ts) turn these off and send their own: its page may be framed by the sites
 * its settings allow, with a CSP of its own. A route that serves something else than the app (a stored file, a
 * PDF) replaces some of them with `config: { securityHeaders: {…} }`.
 *
 * Helmet turns its options into header values; that is done once per route when it is registered, not on
 * every request (what @fastify/helmet does, about 3 % of a simple request's CPU).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Helmet options of this route, over the app's own (helmetOptions). */
    securityHeaders?: HelmetOptions;
  }
}

/** Helmet's middleware with the headers worked out: it only sets them on the response. */
type SetSecurityHeaders = ReturnType<typeof helmet>;

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

export function helmetOptions({ https, maps = false }: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives({ https, maps }) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over https; on local http it would only confuse other local apps.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}

/** Sets the headers on every answer of `app`'s routes, and on its 404s. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const appHeaders = helmetOptions(options);
  const setAppHeaders = helmet(appHeaders);
  const setRouteHeaders = new Map<object, SetSecurityHeaders>();
  app.addHook('onRoute', (route) => {
    const routeHeaders = route.config?.securityHeaders;
    if (routeHeaders) setRouteHeaders.set(routeHeaders, helmet({ ...appHeaders, ...routeHeaders } as HelmetOptions));
  });
  app.addHook('onRequest', (request, reply, done) => {
    const routeHeaders = request.routeOptions.config.securityHeaders;
    const setHeaders = (routeHeaders && setRouteHeaders.get(routeHeaders)) ?? setAppHeaders;
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
