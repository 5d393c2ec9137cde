import { createRequire } from 'node:module';

/**
 * The UI tests run React's production build (vite.config.ts), which has no `act`. Testing Library wraps every
 * render, event and unmount in `act`, and reads `React.act` when it loads: this module, imported by the set-up
 * file before Testing Library, gives React one. It renders what the callback asks for synchronously, as the
 * browser does for a click or a key (flushSync: the render, its commit and its effects); what a test then waits
 * for with `findBy…` or `waitFor` comes through React's own scheduler, as in the browser.
 */

const require = createRequire(import.meta.url);
const React = require('react') as { act?: unknown };
const { flushSync } = require('react-dom') as { flushSync: (work: () => void) => void };

/** Taken before any test can fake the timers: `act` must always be able to wait for a real macrotask. */
const realSetTimeout = globalThis.setTimeout;
const nextMacrotask = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';

function act(callback: () => unknown): PromiseLike<unknown> {
  let result: unknown;
  flushSync(() => {
    result = callback();
  });
  if (isThenable(result)) {
    // An async callback: once it has settled, let the renders it scheduled run before the test goes on.
    return Promise.resolve(result).then(async (value) => {
      await nextMacrotask();
      return value;
    });
  }
  return Promise.resolve(result);
}

if (process.env.NODE_ENV !== 'production') {
  throw new Error('test/ui/reactAct.ts: the UI tests expect React’s production build (NODE_ENV=production)');
}
if (typeof React.act !== 'function') React.act = act;
