import { Layout as RaLayout, type LayoutProps } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RouterErrorBox } from './RouterErrorBox';
import { useFollowOtherTabs } from './useFollowOtherTabs';
import { useRefetchOnLanguageChange } from './useRefetchOnLanguageChange';

/**
 * The frame of every signed-in page: app bar, side menu, the page error box. It follows other tabs'
 * sign-outs and sign-ins, and reads the data on screen again when the interface language changes (labels the server
 * translates).
 */
export const Layout = ({ children }: Pick<LayoutProps, 'children'>) => {
  useFollowOtherTabs();
  useRefetchOnLanguageChange();
  return (
    <RaLayout appBar={AppBar} menu={Menu} error={RouterErrorBox}>
      {children}
    </RaLayout>
  );
};
