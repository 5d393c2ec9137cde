import type { ErrorInfo } from 'react';
import type { AppConfig } from './config/env';

/**
 * Error reports to Sentry. The SDK is a third of a first visit's JavaScript, so it is loaded
 * on its own, only where it reports (not on a local machine, whose errors are in the developer's console),
 * starting at boot in parallel with the app's first render; what goes wrong before it is ready is reported
 * once it is.
 */

type Sentry = typeof import('@sentry/react');

/** Error reports are flushed once nothing new was reported for 5 s. */
const ERROR_REPORT_IDLE_FLUSH_MS = 5000;

let sentry: Promise<Sentry> | undefined;

export function startErrorReporting(config: AppConfig): void {
  if (config.isLocal) return;
  sentry = import('@sentry/react').then((Sentry) => {
    const client = Sentry.init({
      dsn: config.sentryDsn,
      environment: config.appEnv,
      // Personal data sending is enabled: Sentry 11 replaced `sendDefaultPii: true` with these dials.
      dataCollection: { userInfo: true, cookies: true, httpHeaders: true, urlQueryParams: true },
      integrations: [Sentry.globalHandlersIntegration({ onerror: true, onunhandledrejection: true })],
    });
    if (client) flushWhenIdle(client, ERROR_REPORT_IDLE_FLUSH_MS);
    return Sentry;
  });
  sentry.catch((error: unknown) => console.error('Cannot start error reporting', error));
}

/**
 * The browser SDK sends each report at once but may still hold requests in flight and client reports;
 * after `idleMs` without a new envelope, flush them so nothing waits for the page to be closed.
 */
function flushWhenIdle(client: NonNullable<ReturnType<Sentry['init']>>, idleMs: number): void {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  client.on('beforeEnvelope', () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void client.flush(idleMs), idleMs);
  });
}

/** React's root error callbacks (createRoot options), where errors are reported; none on a local machine. */
export const reactErrorReporting = () =>
  sentry === undefined
    ? {}
    : {
        onUncaughtError: reportReactError,
        onCaughtError: reportReactError,
        onRecoverableError: reportReactError,
      };

function reportReactError(error: unknown, errorInfo: ErrorInfo): void {
  void sentry?.then((Sentry) => Sentry.reactErrorHandler()(error, errorInfo));
}

/** An error an error boundary caught, with the components it went through. */
export function reportBoundaryError(error: unknown, componentStack: string | null | undefined): void {
  void sentry?.then((Sentry) =>
    Sentry.captureException(error, { contexts: { react: { componentStack: componentStack ?? '' } } }),
  );
}
