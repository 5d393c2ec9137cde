import { useEffect } from 'react';

/** The browser tab's title: the page's name, then the app's ("Events · Venue back office"). */
export const documentTitleOf = (pageTitle: string | null | undefined, appName: string): string => {
  const page = pageTitle?.trim();
  return page && page !== appName ? `${page} · ${appName}` : appName;
};

/** Names the tab after a page whose title is known as text (the public screens, which have no app bar). */
export const useDocumentTitle = (pageTitle: string | null | undefined, appName: string): void => {
  useEffect(() => {
    document.title = documentTitleOf(pageTitle, appName);
  }, [pageTitle, appName]);
};

/** Where react-admin's TitlePortal shows the page title (<Title>, a list's, an edit's default title). */
const TITLE_PORTAL_ID = 'react-admin-title';

/**
 * Names the tab after the page title shown in the app bar, in the interface language. Every page in the layout,
 * a resource's list, edit or create or a custom page, puts its title there through react-admin's <Title>; this
 * follows what it shows, so no page has to name its tab twice. Render it after the app bar's TitlePortal.
 */
export const useDocumentTitleFromAppBar = (appName: string): void => {
  useEffect(() => {
    const portal = document.getElementById(TITLE_PORTAL_ID);
    const update = () => {
      document.title = documentTitleOf(portal?.textContent, appName);
    };
    update();
    if (!portal) return undefined;
    const observer = new MutationObserver(update);
    observer.observe(portal, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [appName]);
};
