import { Box, CircularProgress } from '@mui/material';
import { useDelayedPending } from './useDelayedPending';

/**
 * A page-sized spinner that only appears when the wait lasts, named by `label`. DelayedLoader gives
 * it react-admin's translation; the public pages, which load without react-admin, their own.
 */
export const DelayedSpinner = ({ label, isPending = true }: { label: string; isPending?: boolean }) => {
  const isShown = useDelayedPending(isPending);
  if (!isShown) return null;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress />
    </Box>
  );
};
