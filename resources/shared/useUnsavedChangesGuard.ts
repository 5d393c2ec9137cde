import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** A plain left click, which the router would turn into a navigation (not a new tab or window). */
const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The page a click would open in this tab, or null when it stays (or leaves the app for another tab). */
const pathOpenedBy = (event: MouseEvent): string | null => {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self')) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
};

/**
 * Asks before a page with unsaved changes is left: react-admin's `warnWhenUnsavedChanges` needs a data router,
 * and the app runs on BrowserRouter (src/App.tsx), where react-admin turns it off. So: the browser's own
 * question when the tab is closed or reloaded (beforeunload), and react-admin's sentence when a link of the
 * app (the menu, the app bar) would open another page, asked before the router sees the click. `pathname` is
 * the page's own path, whose links do not ask.
 */
export const useUnsavedChangesGuard = (hasUnsavedChanges: boolean, pathname: string) => {
  const translate = useTranslate();
  useEffect(() => {
    if (!hasUnsavedChanges) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      const target = pathOpenedBy(event);
      if (target === null || target === pathname) return;
      if (window.confirm(translate('ra.message.unsaved_changes'))) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    // The capture phase on the document runs before React's listeners on its root: a refused click never navigates.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [hasUnsavedChanges, pathname, translate]);
};
