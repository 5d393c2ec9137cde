import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { APPROVAL_REASON_MAX } from '../../domain/event';
import { OFFER_TEMPLATE_LIMITS } from '../../domain/offerTemplate';
import { ASK_TEXTS } from './askRecord';

/** The longest reason both kinds of request take. */
const REASON_MAX = Math.min(APPROVAL_REASON_MAX, OFFER_TEMPLATE_LIMITS.reason);

export interface RejectReasonDialogProps {
  open: boolean;
  /** The request's title, or null for several at once. */
  title: string | null;
  count: number;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/**
 * Asks why one or several requests are rejected: a reason is required (the servers refuse a rejection
 * without one), and the requester reads it in the notification and on the request.
 */
export const RejectReasonDialog = ({ open, title, count, onCancel, onReject }: RejectReasonDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const close = () => {
    setReason('');
    setTouched(false);
    onCancel();
  };
  const submit = () => {
    setTouched(true);
    if (missing) return;
    const given = reason.trim();
    setReason('');
    setTouched(false);
    onReject(given);
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {title === null
          ? translate(`${ASK_TEXTS}.rejectDialog.bulkTitle`, { smart_count: count })
          : translate(`${ASK_TEXTS}.rejectDialog.title`, { title })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate(`${ASK_TEXTS}.rejectDialog.content`)}</DialogContentText>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          label={translate(`${ASK_TEXTS}.rejectDialog.reason`)}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={touched && missing}
          helperText={translate(
            touched && missing ? `${ASK_TEXTS}.rejectDialog.reasonRequired` : `${ASK_TEXTS}.rejectDialog.reasonHelp`,
          )}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={submit}>
          {translate(`${ASK_TEXTS}.rejectDialog.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
