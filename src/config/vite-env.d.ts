/// <reference types="vite/client" />

/** The variables the app reads (src/config/env.ts checks them at start). */
interface ImportMetaEnv {
  readonly VITE_APP_ENV?: string;
  readonly VITE_NODE_ENV?: string;
  readonly VITE_CRYPTO_SECRET?: string;
  readonly VITE_MAPS_API_KEY?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_AUTH_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
