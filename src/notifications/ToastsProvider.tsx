import type { ReactNode } from 'react';
import { Fade } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { Toast } from './Toast';
import { TOAST_SETTINGS } from './toastSettings';

const toastComponents = { default: Toast, info: Toast, success: Toast, warning: Toast, error: Toast };

/** The toasts' stack as both the signed-in app and the public pages show it (`TOAST_SETTINGS`, the `Toast` look). */
export const ToastsProvider = ({ children }: { children: ReactNode }) => (
  <SnackbarProvider
    maxSnack={TOAST_SETTINGS.maxVisible}
    anchorOrigin={TOAST_SETTINGS.anchorOrigin}
    autoHideDuration={TOAST_SETTINGS.autoHideDurationMs}
    transitionDuration={{ enter: TOAST_SETTINGS.transitionMs, exit: TOAST_SETTINGS.transitionMs }}
    // A toast fades in (notistack would slide it).
    TransitionComponent={Fade}
    Components={toastComponents}
  >
    {children}
  </SnackbarProvider>
);
