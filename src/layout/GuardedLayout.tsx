import type { LayoutProps } from 'react-admin';
import { Layout } from './Layout';
import { RouteGuard } from './RouteGuard';

/**
 * `<Admin layout>`: the app's layout with the route guard around every page it frames, so custom pages
 * and resource screens are guarded alike, and the app bar and menu stay while the roles load.
 */
export const GuardedLayout = ({ children }: Pick<LayoutProps, 'children'>) => (
  <Layout>
    <RouteGuard>{children}</RouteGuard>
  </Layout>
);
