// First: Testing Library reads React's `act` when it loads.
import './reactAct';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { staticMediaQueryList } from './mediaQuery';
import { server } from './msw';

/**
 * An element query that fails inside `findBy…` or `waitFor` (Testing Library marks that time as one without
 * expensive diagnostics) fails again and again while the screen settles, and Testing Library printed the whole
 * document into every one of those errors. Only the last is ever shown, and `waitFor` prints the document into
 * it again when it gives up; so while it polls, an error carries its message alone. Everywhere else (a `getBy…`
 * that fails outright) the document is printed as before.
 */
const errorWithDocument = getConfig().getElementError;
const pollingWithoutDiagnostics = () =>
  (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
const errorWithMessageOnly = (message: string | null): Error => {
  const error = new Error(message ?? '');
  error.name = 'TestingLibraryElementError';
  return error;
};

configure({
  // The app's loaders wait 1000 ms before they show: give queries time beyond that.
  asyncUtilTimeout: 5000,
  getElementError: (message, container) =>
    pollingWithoutDiagnostics() ? errorWithMessageOnly(message) : errorWithDocument(message, container),
});

// Every media query answers "no" unless a test says otherwise (the phone-width tests), whatever the DOM
// implementation would compute for its window; scrollTo (react-admin) does nothing.
window.matchMedia = (query: string) => staticMediaQueryList(query, false);
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// An element's text is `[object HTMLDivElement]` in a browser; happy-dom answers its whole outerHTML. Popper
// (every menu, select and tooltip) asks it of each element it positions against, to tell a window from an
// element, and serialising those subtrees was about 2 % of the UI tests' CPU.
Element.prototype.toString = function elementText(this: Element) {
  return `[object ${this.constructor.name}]`;
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
