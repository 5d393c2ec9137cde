import '@fontsource/poppins/300.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as Sentry from '@sentry/react';
import { appConfig, type AppConfig } from './config/env';
import { App } from './App';

/**
 * Boot: the configuration was checked when ./config/env was imported, and a wrong one
 * has already stopped everything with "Invalid environment variables…". Then: log the environment,
 * start error reporting, mount the app into an empty #root.
 */

/** Error reports are flushed once nothing new was reported for 5 s. */
const ERROR_REPORT_IDLE_FLUSH_MS = 5000;

function logEnvironment(config: AppConfig): void {
  // Never the secrets: only what helps to tell which build talks to which API.
  console.info(`[boot] environment: ${config.appEnv} (node env: ${config.nodeEnv})`, {
    apiBaseUrl: config.apiBaseUrl,
    authApiBaseUrl: config.authApiBaseUrl,
    errorReporting: config.isLocal ? 'disabled' : 'enabled',
  });
}

function startErrorReporting(config: AppConfig): void {
  const client = Sentry.init({
    dsn: config.sentryDsn,
    environment: config.appEnv,
    // A local machine reports nothing: its errors are in the developer's console.
    enabled: !config.isLocal,
    // The specification wants personal data sent: Sentry 11 replaced `sendDefaultPii: true` with these dials.
    dataCollection: { userInfo: true, cookies: true, httpHeaders: true, urlQueryParams: true },
    integrations: [Sentry.globalHandlersIntegration({ onerror: true, onunhandledrejection: true })],
  });
  if (client) flushWhenIdle(client, ERROR_REPORT_IDLE_FLUSH_MS);
}

/**
 * The browser SDK sends each report at once but may still hold requests in flight and client reports;
 * after `idleMs` without a new envelope, flush them so nothing waits for the page to be closed.
 */
function flushWhenIdle(client: NonNullable<ReturnType<typeof Sentry.init>>, idleMs: number): void {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  client.on('beforeEnvelope', () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void client.flush(idleMs), idleMs);
  });
}

function mount(): void {
  const rootElement = document.getElementById('root');
  // An element that already has content belongs to someone else (another script, a pre-render).
  if (!rootElement || rootElement.hasChildNodes()) return;
  createRoot(rootElement, {
    onUncaughtError: Sentry.reactErrorHandler(),
    onCaughtError: Sentry.reactErrorHandler(),
    onRecoverableError: Sentry.reactErrorHandler(),
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

logEnvironment(appConfig);
startErrorReporting(appConfig);
mount();
