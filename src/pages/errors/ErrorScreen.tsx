import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useDocumentTitle } from '../../layout/documentTitle';

export interface ErrorScreenProps {
  title: string;
  /** The app's name, translated: the browser tab reads "title · app name". */
  appName: string;
  refreshLabel: string;
  onRefresh: () => void;
  /** What happened, under the title. */
  children?: ReactNode;
  /** The ways forward, beside Refresh. */
  actions?: ReactNode;
}

/**
 * The full-page "not found style" screen shared by the crash fallback, /unauthorized and an invalid
 * reset link. It takes translated text as props so it also works outside react-admin's contexts
 * (the crash fallback renders when the app itself failed).
 */
export const ErrorScreen = ({ title, appName, refreshLabel, onRefresh, children, actions }: ErrorScreenProps) => {
  useDocumentTitle(title, appName);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
      >
        {actions}
        <Button variant={actions ? 'outlined' : 'contained'} startIcon={<RefreshIcon />} onClick={onRefresh}>
          {refreshLabel}
        </Button>
      </Stack>
    </Box>
  );
};

/** Reloads the app from the site's origin, which re-runs every check from the start. */
export const reloadFromOrigin = () => window.location.assign(window.location.origin);
