import { useEffect, useSyncExternalStore } from 'react';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useSnackbar } from 'notistack';
import { subscribeToNotices, takeNotices, waitingNoticeCount } from '../public/notices';
import type { Translate } from '../public/translate';
import { ToastsProvider } from './ToastsProvider';

/**
 * The public pages' toasts, shown as the signed-in app's (ToastNotification) are: the notices those pages
 * send (src/public/notices.ts), such as "Your password was reset" on the way back to the sign-in screen.
 */
export const PublicToasts = ({ translate }: { translate: Translate }) => (
  <ToastsProvider>
    <NoticeBridge translate={translate} />
  </ToastsProvider>
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
