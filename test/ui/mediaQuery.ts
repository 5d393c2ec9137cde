/**
 * A MediaQueryList that always answers `matches` and ignores listeners: the test DOM's own would measure its
 * window.
 */
export const staticMediaQueryList = (query: string, matches: boolean): MediaQueryList => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});
