import { Layout as RaLayout, type LayoutProps } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RouterErrorBox } from './RouterErrorBox';
import { useFollowOtherTabsSignOut } from './useFollowOtherTabsSignOut';
import { useSyncUserLanguage } from './useSyncUserLanguage';

/**
 * The frame of every signed-in page: app bar, side menu, the page error box. A sign-out in another tab
 * ends it, and the user's stored language follows the interface language (for mails).
 */
export const Layout = ({ children }: Pick<LayoutProps, 'children'>) => {
  useFollowOtherTabsSignOut();
  useSyncUserLanguage();
  return (
    <RaLayout appBar={AppBar} menu={Menu} error={RouterErrorBox}>
      {children}
    </RaLayout>
  );
};
