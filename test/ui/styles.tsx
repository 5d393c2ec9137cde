import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import createCache, { type EmotionCache, type StylisElement, type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';

/** stylis's element types (stylis ships no types of its own). */
const DECLARATION = 'decl';
const COMMENT = 'comm';

/**
 * The properties that decide whether an element is shown and can be clicked: what Testing Library's role
 * queries and jest-dom's `toBeVisible` read (display, visibility, opacity), and what user-event checks before it
 * clicks (pointer-events).
 */
const SHOWN_AND_CLICKABLE = new Set(['display', 'visibility', 'opacity', 'pointer-events']);

/**
 * A declaration that hides an element or makes it unclickable, or undoes that for an element inside one that
 * did (visibility and pointer-events are inherited, so another class's rule on a child often undoes them).
 */
const hidesOrUndoes = (element: StylisElement): boolean =>
  /^(display:none|opacity:0|visibility:.*|pointer-events:.*)$/.test(
    `${String(element.props)}:${String(element.children)
      .replace(/\s*!important$/, '')
      .trim()}`,
  );

/** Whether the element, or any element inside it, declares something of the kind above. */
const anyHidesOrUndoes = (element: StylisElement): boolean =>
  element.type === DECLARATION
    ? hidesOrUndoes(element)
    : Array.isArray(element.children) && element.children.some(anyHidesOrUndoes);

/** Drops every declaration but those of the properties above, and every rule, block or at-rule left empty. */
const pruned = (element: StylisElement): boolean => {
  if (element.type === DECLARATION) return SHOWN_AND_CLICKABLE.has(String(element.props));
  if (!Array.isArray(element.children)) return true;
  element.children = element.children.filter(pruned);
  return element.children.length > 0;
};

const dropped = (element: StylisElement): void => {
  element.type = COMMENT;
  element.value = '';
  element.return = '';
};

/**
 * Emotion (stylis) plugin, run first on each top-level element of one inserted style (one class and what it
 * nests; `siblings` is all of them). A style that neither hides nor undoes hiding is dropped whole; one that
 * does keeps its declarations of the properties above, in every rule and media query, so that its own values
 * that show the element again still override. What this can get wrong errs one way: a dropped class's
 * `display: flex` that would override another class's `display: none` on the same element leaves the element
 * hidden in the test, a test that expects it fails, and nothing hidden from the user looks shown. An element
 * left empty becomes a comment, which stylis writes as nothing and Emotion then does not insert.
 */
const keepOnlyShownAndClickable: StylisPlugin = (element, _index, siblings) => {
  if (element.root) return;
  if (!siblings.some(anyHidesOrUndoes) || !pruned(element)) dropped(element);
};

const withCache =
  (cache: EmotionCache) =>
  ({ children }: { children: ReactNode }) => <CacheProvider value={cache}>{children}</CacheProvider>;

/**
 * The app's styles in the test document, cut down to whether elements are shown and clickable: pass as
 * `render`'s wrapper. The DOM computes an element's style by matching it against every rule of the document,
 * and Testing Library's role queries compute the style of every element they look at: with MUI's thousand-odd
 * rules that was a third of the UI suite's time. The files of a worker share one document, so a render
 * without it leaves MUI's full rules there for every later file.
 */
export const ShownStyles = withCache(
  // As Emotion's development build did: rules as the text of <style> elements, not inserted through the CSSOM
  // (its production default), so the document holds them as it did when this was measured.
  createCache({ key: 'shown', stylisPlugins: [keepOnlyShownAndClickable], speedy: false }),
);

/** The full styles, for a test that asserts another property (a size); taken out of the document when it ends. */
export const fullStylesForThisTest = () => {
  const cache = createCache({ key: 'full' });
  onTestFinished(() => cache.sheet.flush());
  return withCache(cache);
};
