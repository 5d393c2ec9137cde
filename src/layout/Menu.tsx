import DashboardIcon from '@mui/icons-material/Dashboard';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu as RaMenu } from 'react-admin';
import { PATHS } from '../pages/paths';

/**
 * The side menu. Resource entries (Mail outbox) only show when the auth provider's canAccess lets
 * the user list them, so ROOT sees the outbox outside production and nobody else does.
 */
export const Menu = () => (
  <RaMenu>
    <RaMenu.Item to={PATHS.dashboard} primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
    <RaMenu.ResourceItem name="outbox" />
    <RaMenu.Item to={PATHS.settings} primaryText="app.menu.settings" leftIcon={<SettingsIcon />} />
  </RaMenu>
);
