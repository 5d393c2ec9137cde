import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';

/**
 * Some answers carry labels in the reader's language (an event's type: the data provider sends the
 * interface language as Accept-Language, docs/server.md "Events"). After a language switch the cached
 * answers still hold the old labels, so they are marked stale: what is on screen is read again at once,
 * the rest when next shown.
 */
export const useRefetchOnLanguageChange = (): void => {
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const shownLocale = useRef(locale);

  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    void queryClient.invalidateQueries();
  }, [locale, queryClient]);
};
