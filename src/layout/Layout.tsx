import { useEffect } from 'react';
import { Layout as RaLayout, useNotify, useTranslate, type LayoutProps } from 'react-admin';
import { takeNotices } from '../public/notices';
import { PageTranslateContext } from '../public/pageText';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RouterErrorBox } from './RouterErrorBox';
import { useFollowOtherTabs } from './useFollowOtherTabs';
import { useLiveNotifications } from './useLiveNotifications';
import { useRefetchOnLanguageChange } from './useRefetchOnLanguageChange';

/**
 * The frame of every signed-in page: app bar, side menu, the page error box. It follows other tabs'
 * sign-outs and sign-ins, receives the live notifications (useLiveNotifications), and reads the data on screen again when the interface language changes (labels the server
 * translates). The screens shared with the public pages (the password form) translate through react-admin here,
 * and a notice a public page sent on its way here (a first password set) shows as a toast.
 */
export const Layout = ({ children }: Pick<LayoutProps, 'children'>) => {
  useFollowOtherTabs();
  useLiveNotifications();
  useRefetchOnLanguageChange();
  useNoticesFromPublicPages();
  return (
    <PageTranslateContext.Provider value={useTranslate()}>
      <RaLayout appBar={AppBar} menu={Menu} error={RouterErrorBox}>
        {children}
      </RaLayout>
    </PageTranslateContext.Provider>
  );
};

const useNoticesFromPublicPages = () => {
  const notify = useNotify();
  useEffect(() => {
    for (const notice of takeNotices()) notify(notice.message, { type: notice.type });
  }, [notify]);
};
