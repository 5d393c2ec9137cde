import '@fontsource/poppins/300.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appConfig, type AppConfig } from './config/env';
import { reactErrorReporting, startErrorReporting } from './errorReporting';
import { Root } from './Root';

/**
 * Boot: the configuration was checked when ./config/env was imported, and a wrong one
 * has already stopped everything with "Invalid environment variables…". Then: log the environment,
 * start error reporting, mount the app into an empty #root.
 */

function logEnvironment(config: AppConfig): void {
  // Never the secrets: only what helps to tell which build talks to which API.
  console.info(`[boot] environment: ${config.appEnv} (node env: ${config.nodeEnv})`, {
    apiBaseUrl: config.apiBaseUrl,
    authApiBaseUrl: config.authApiBaseUrl,
    errorReporting: config.isLocal ? 'disabled' : 'enabled',
  });
}

function mount(): void {
  const rootElement = document.getElementById('root');
  // An element that already has content belongs to someone else (another script, a pre-render).
  if (!rootElement || rootElement.hasChildNodes()) return;
  createRoot(rootElement, reactErrorReporting()).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

logEnvironment(appConfig);
startErrorReporting(appConfig);
mount();
