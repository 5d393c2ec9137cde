import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DelayedSpinner } from './DelayedSpinner';

/**
 * A page-sized spinner that only appears when the wait lasts: used for lazy pages,
 * the authentication check and server checks that gate a screen.
 */
export const DelayedLoader = ({ isPending = true }: { isPending?: boolean }) => (
  <DelayedSpinner label={useTranslate()('app.loading')} isPending={isPending} />
);

/** `<Admin loading>`: shown while react-admin checks the session, delayed like every loader. */
export const DelayedLoadingPage = () => (
  <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
    <DelayedLoader />
  </Box>
);
