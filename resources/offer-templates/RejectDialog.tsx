import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { OFFER_TEMPLATE_LIMITS } from '../../domain/offerTemplate';
import { TEXTS } from './TemplateFields';

export interface RejectDialogProps {
  title: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Asks the reason of a rejection (the server requires one), which the partner reads in the mail. */
export const RejectDialog = ({ title, open, busy, onCancel, onReject }: RejectDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const submit = () => {
    setTouched(true);
    if (!missing) onReject(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`${TEXTS}.queue.rejectTitle`, { title })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          label={translate(`${TEXTS}.queue.reason`)}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={touched && missing}
          helperText={translate(touched && missing ? `${TEXTS}.queue.reasonRequired` : `${TEXTS}.queue.reasonHelp`)}
          slotProps={{ htmlInput: { maxLength: OFFER_TEMPLATE_LIMITS.reason } }}
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate(`${TEXTS}.queue.cancel`)}</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy}>
          {translate(`${TEXTS}.queue.confirmReject`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
