import { lazy } from 'react';

/** The menus' popups (./MenuPopups.tsx), loaded once a menu is about to open. */
export const loadMenuPopups = () => import('./MenuPopups');

/** Starts loading them ahead of a click: the pointer is over a menu button, or the keyboard reached it. */
export const preloadMenuPopups = (): void => {
  loadMenuPopups().catch(() => undefined);
};

export const LanguageMenuPopup = lazy(() => loadMenuPopups().then((module) => ({ default: module.LanguageMenuPopup })));
export const ColorSchemeMenuPopup = lazy(() =>
  loadMenuPopups().then((module) => ({ default: module.ColorSchemeMenuPopup })),
);
