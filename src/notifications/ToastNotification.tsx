import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useSnackbar, type SnackbarKey } from 'notistack';
import {
  CloseNotificationContext,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
  type UndoableMutation,
} from 'react-admin';
import { ToastsProvider } from './ToastsProvider';
import { TOAST_SETTINGS } from './toastSettings';

/**
 * Replaces react-admin's single Snackbar: every `useNotify()` call (undoable ones included) becomes
 * a notistack toast. Passed to `<Admin notification>`.
 */
export const ToastNotification = () => (
  <ToastsProvider>
    <NotificationBridge />
  </ToastsProvider>
);

/** react-admin's own save and delete notices (`resources.<name>.notifications.created`, `ra.notification.deleted`…). */
const SAVE_NOTICE = /^(ra\.notification|resources\.[^.]+\.notifications)\.(created|updated|deleted)$/;

/**
 * The toast's colour: react-admin reports a successful create, save or delete as `info` (blue), while the
 * app's own successes (a password changed, an event approved) are `success`; one colour for every success.
 */
export const toastVariantOf = (
  message: NotificationPayload['message'],
  type: NotificationPayload['type'],
): NotificationPayload['type'] =>
  type === 'info' && typeof message === 'string' && SAVE_NOTICE.test(message) ? 'success' : type;

let lastToastKey = 0;
const nextToastKey = (): SnackbarKey => `toast-${++lastToastKey}`;

/**
 * Moves notifications from react-admin's queue to notistack. It only takes one when fewer than
 * `maxVisible` toasts are on screen, so the rest wait in react-admin's queue instead of notistack
 * closing the oldest toast early to make room.
 */
function NotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeUndoableMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [visibleCount, setVisibleCount] = useState(0);
  const [pendingUndoables, setPendingUndoables] = useState(0);
  // Guards against taking the same payload twice when React re-runs an effect (StrictMode).
  const handledPayloads = useRef(new WeakSet<NotificationPayload>());

  useEffect(() => {
    if (notifications.length === 0 || visibleCount >= TOAST_SETTINGS.maxVisible) return;
    const notification = takeNotification();
    if (!notification || handledPayloads.current.has(notification)) return;
    handledPayloads.current.add(notification);

    const { message, type, notificationOptions = {} } = notification;
    const { autoHideDuration, messageArgs, undoable } = notificationOptions;
    // react-admin queued the mutation before notifying, so it is the head of its undo queue now.
    const settleUndoable = undoable ? onceSettled(takeUndoableMutation()) : undefined;
    const key = nextToastKey();
    const close = () => closeSnackbar(key);

    setVisibleCount((count) => count + 1);
    if (settleUndoable) setPendingUndoables((count) => count + 1);
    enqueueSnackbar(toastMessage(message, messageArgs, translate, close), {
      key,
      variant: toastVariantOf(message, type),
      autoHideDuration: autoHideDuration === undefined ? TOAST_SETTINGS.autoHideDurationMs : autoHideDuration,
      persist: autoHideDuration === null,
      disableWindowBlurListener: Boolean(undoable),
      action: (
        <ToastActions
          onClose={close}
          onUndo={
            settleUndoable &&
            (() => {
              settleUndoable(true);
              close();
            })
          }
        />
      ),
      onExited: () => {
        setVisibleCount((count) => count - 1);
        if (settleUndoable) {
          settleUndoable(false);
          setPendingUndoables((count) => count - 1);
        }
      },
    });
  }, [notifications, takeNotification, takeUndoableMutation, visibleCount, enqueueSnackbar, closeSnackbar, translate]);

  useWarnBeforeUnload(pendingUndoables > 0);
  return null;
}

/** Runs the undoable mutation's end exactly once, whichever comes first: Undo or the toast leaving. */
function onceSettled(mutation: UndoableMutation | void): (isUndo: boolean) => void {
  let settled = false;
  return (isUndo) => {
    if (settled) return;
    settled = true;
    if (mutation) mutation({ isUndo });
    // Kept by react-admin for mutations that still listen to the legacy emitter.
    else undoableEventEmitter.emit('end', { isUndo });
  };
}

function toastMessage(
  message: NotificationPayload['message'],
  messageArgs: unknown,
  translate: ReturnType<typeof useTranslate>,
  close: () => void,
): ReactNode {
  if (typeof message === 'string') return translate(message, { _: message, ...(messageArgs as object) });
  return <CloseNotificationContext.Provider value={close}>{message}</CloseNotificationContext.Provider>;
}

function ToastActions({ onClose, onUndo }: { onClose: () => void; onUndo?: () => void }) {
  const translate = useTranslate();
  return (
    <>
      {onUndo && (
        <Button color="inherit" size="small" onClick={onUndo}>
          {translate('ra.action.undo')}
        </Button>
      )}
      <IconButton color="inherit" size="small" aria-label={translate('ra.action.close')} onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/** An undoable change is only sent when its toast leaves: leaving the page earlier would lose it. */
function useWarnBeforeUnload(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isActive]);
}
