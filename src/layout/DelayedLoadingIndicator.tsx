import { Box, CircularProgress } from '@mui/material';
import { RefreshIconButton, useLoading, useTranslate } from 'react-admin';
import { useDelayedPending } from '../../resources/shared/useDelayedPending';

/**
 * The app bar's refresh button, which turns into a spinner while data loads: only after 1000 ms of
 * loading, and then for at least 500 ms (react-admin's own indicator shows at once).
 */
export const DelayedLoadingIndicator = () => {
  const isShown = useDelayedPending(useLoading());
  const translate = useTranslate();
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <RefreshIconButton sx={{ visibility: isShown ? 'hidden' : 'visible' }} />
      {isShown && (
        <CircularProgress
          role="progressbar"
          aria-label={translate('app.loading')}
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: 'calc(50% - 8px)', left: 'calc(50% - 8px)' }}
        />
      )}
    </Box>
  );
};
