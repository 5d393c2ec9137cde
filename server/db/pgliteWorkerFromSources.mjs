// The database thread when the server runs from its TypeScript sources (tsx, Vitest): a worker thread does
// not inherit its parent's TypeScript loader, so this one registers tsx's before loading pgliteWorker.ts.
// The build runs pgliteWorker.js directly.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./pgliteWorker.ts', import.meta.url).href);
