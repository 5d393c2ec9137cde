import { useEffect, useSyncExternalStore } from 'react';
import { Fade, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { subscribeToNotices, takeNotices, waitingNoticeCount } from '../public/notices';
import type { Translate } from '../public/translate';
import { Toast } from './Toast';
import { TOAST_SETTINGS } from './toastSettings';

const toastComponents = { default: Toast, info: Toast, success: Toast, warning: Toast, error: Toast };

/**
 * The public pages' toasts, shown as the signed-in app's (ToastNotification) are: the notices those pages
 * send (src/public/notices.ts), such as "Your password was reset" on the way back to the sign-in screen.
 */
export const PublicToasts = ({ translate }: { translate: Translate }) => (
  <SnackbarProvider
    maxSnack={TOAST_SETTINGS.maxVisible}
    anchorOrigin={TOAST_SETTINGS.anchorOrigin}
    autoHideDuration={TOAST_SETTINGS.autoHideDurationMs}
    transitionDuration={{ enter: TOAST_SETTINGS.transitionMs, exit: TOAST_SETTINGS.transitionMs }}
    TransitionComponent={Fade}
    Components={toastComponents}
  >
    <NoticeBridge translate={translate} />
  </SnackbarProvider>
);

function NoticeBridge({ translate }: { translate: Translate }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const waiting = useSyncExternalStore(subscribeToNotices, waitingNoticeCount);
  useEffect(() => {
    if (waiting === 0) return;
    for (const notice of takeNotices()) {
      enqueueSnackbar(translate(notice.message, { _: notice.message }), {
        variant: notice.type,
        action: (key) => (
          <IconButton
            color="inherit"
            size="small"
            aria-label={translate('ra.action.close')}
            onClick={() => closeSnackbar(key)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ),
      });
    }
  }, [waiting, enqueueSnackbar, closeSnackbar, translate]);
  return null;
}
