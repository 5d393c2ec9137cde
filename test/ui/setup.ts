// First: Testing Library reads React's `act` when it loads.
import './reactAct';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { staticMediaQueryList } from './mediaQuery';
import { server } from './msw';

// The app's loaders wait 1000 ms before they show: give queries time beyond that.
configure({ asyncUtilTimeout: 5000 });

// Every media query answers "no" unless a test says otherwise (the phone-width tests), whatever the DOM
// implementation would compute for its window; scrollTo (react-admin) does nothing.
window.matchMedia = (query: string) => staticMediaQueryList(query, false);
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

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
