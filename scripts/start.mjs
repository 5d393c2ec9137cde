// @ts-check
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_ENTRY, buildWhenStale } from './build.mjs';

/**
 * `npm start`: builds the app and the server when missing or stale, then runs the built server in this very
 * process. No child process: SIGINT and SIGTERM sent to this process (by npm, a terminal or a process
 * manager) reach the server's own handlers, and nothing is left behind when it ends. A fresh clone needs
 * nothing but `npm install && npm start`. Process managers run `node dist-server/main.js` after a build.
 */

// Vite's build sets process.env.NODE_ENV to "production"; the server reads the environment it was given.
const environment = { ...process.env };

try {
  await buildWhenStale();
} catch (error) {
  console.error('Cannot build:', error instanceof Error ? error.message : error);
  process.exit(1);
}
if (environment.NODE_ENV === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = environment.NODE_ENV;

// Stack traces then point into server/*.ts rather than into the bundle.
process.setSourceMapsEnabled(true);
const { main } = await import(pathToFileURL(path.join(ROOT, SERVER_ENTRY)).href);
await main(environment);
