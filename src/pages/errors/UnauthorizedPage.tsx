import { Button, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../paths';
import { ErrorScreen, reloadFromOrigin } from './ErrorScreen';

/**
 * /unauthorized: where a failed access check lands. Besides the Refresh button it offers the ways
 * forward: back to the dashboard, which every role may open, or signing out to sign in with another account.
 */
export const UnauthorizedPage = () => {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <ErrorScreen
      title={translate('app.errors.unauthorized.title')}
      appName={translate('app.name')}
      refreshLabel={translate('app.errors.refresh')}
      onRefresh={reloadFromOrigin}
      actions={
        <>
          <Button variant="contained" component={RouterLink} to={PATHS.dashboard}>
            {translate('app.errors.unauthorizedWayForward.dashboard')}
          </Button>
          <Button variant="outlined" onClick={() => void logout(undefined, PATHS.signIn)}>
            {translate('app.errors.unauthorizedWayForward.signInAsOther')}
          </Button>
        </>
      }
    >
      <Typography color="text.secondary">{translate('app.errors.unauthorizedWayForward.description')}</Typography>
    </ErrorScreen>
  );
};
