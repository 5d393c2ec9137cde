import { createContext, useContext } from 'react';
import type { Translate } from './translate';

/**
 * The translate function of the sign-in and password screens. They run in two places: on their own, before
 * react-admin is loaded (src/public/PublicApp.tsx gives the small translate of ./translate.ts), and inside
 * the signed-in app (the settings page's password form: src/layout/Layout.tsx gives react-admin's).
 */
export const PageTranslateContext = createContext<Translate | null>(null);

export const usePageTranslate = (): Translate => {
  const translate = useContext(PageTranslateContext);
  if (!translate) throw new Error('usePageTranslate: no PageTranslateContext above this screen');
  return translate;
};
