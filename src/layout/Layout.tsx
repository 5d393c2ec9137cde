import { Layout as RaLayout, type LayoutProps } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RouterErrorBox } from './RouterErrorBox';

/** The frame of every signed-in page: app bar, side menu, and the page error box. */
export const Layout = ({ children }: Pick<LayoutProps, 'children'>) => (
  <RaLayout appBar={AppBar} menu={Menu} error={RouterErrorBox}>
    {children}
  </RaLayout>
);
