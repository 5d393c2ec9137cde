import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDelayedPending } from './useDelayedPending';

/**
 * A page-sized spinner that only appears when the wait lasts: used for lazy pages,
 * the authentication check and server checks that gate a screen.
 */
export const DelayedLoader = ({ isPending = true }: { isPending?: boolean }) => {
  const isShown = useDelayedPending(isPending);
  const translate = useTranslate();
  if (!isShown) return null;
  return (
    <Box
      role="progressbar"
      aria-label={translate('app.loading')}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress />
    </Box>
  );
};

/** `<Admin loading>`: shown while react-admin checks the session, delayed like every loader. */
export const DelayedLoadingPage = () => (
  <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
    <DelayedLoader />
  </Box>
);
