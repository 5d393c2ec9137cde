import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { NotificationBell } from '../../resources/notifications';
import { PATHS } from '../pages/paths';
import { ColorSchemeMenuButton } from './ColorSchemeMenuButton';
import { LanguageMenuButton } from './LanguageMenuButton';
import { DelayedLoadingIndicator } from './DelayedLoadingIndicator';
import { useDocumentTitleFromAppBar } from './documentTitle';

const AppBarToolbar = () => (
  <>
    {/* On phones the language stays in Settings, so the page title keeps its room. */}
    <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
      <LanguageMenuButton />
    </Box>
    <ColorSchemeMenuButton />
    <NotificationBell />
    <DelayedLoadingIndicator />
  </>
);

const SettingsMenuItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={PATHS.settings} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <SettingsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.menu.settings')}</ListItemText>
    </MenuItem>
  );
};

const AppUserMenu = () => (
  <UserMenu>
    <SettingsMenuItem />
    <Logout redirectTo={PATHS.signIn} />
  </UserMenu>
);

/** Nothing on screen: names the browser tab after the title in the portal above it. */
const DocumentTitle = () => {
  useDocumentTitleFromAppBar(useTranslate()('app.name'));
  return null;
};

export const AppBar = () => {
  const translate = useTranslate();
  return (
    <RaAppBar toolbar={<AppBarToolbar />} userMenu={<AppUserMenu />}>
      <Typography
        component="span"
        variant="h6"
        color="primary"
        sx={{ fontWeight: 600, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'block' } }}
      >
        {translate('app.name')}
      </Typography>
      {/* The page title gives way to the toolbar on narrow screens instead of running under it. */}
      <TitlePortal sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
      <DocumentTitle />
    </RaAppBar>
  );
};
