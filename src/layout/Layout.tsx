import { Layout as RaLayout, type LayoutProps } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RouterErrorBox } from './RouterErrorBox';
import { useFollowOtherTabsSignOut } from './useFollowOtherTabsSignOut';

/** The frame of every signed-in page: app bar, side menu, the page error box; a sign-out in another tab ends it. */
export const Layout = ({ children }: Pick<LayoutProps, 'children'>) => {
  useFollowOtherTabsSignOut();
  return (
    <RaLayout appBar={AppBar} menu={Menu} error={RouterErrorBox}>
      {children}
    </RaLayout>
  );
};
