/**
 * A visitor's browser as the widget's counts see it. The counts leave out crawlers by user agent (`isbot`), and
 * that list includes the test client's default and headless Chromium's own, so tests that count visits say
 * they are a browser.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
