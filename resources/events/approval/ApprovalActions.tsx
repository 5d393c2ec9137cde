import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type MouseEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { APPROVAL_REASON_MAX, EVENT_PROBLEMS, type Event } from '../../../domain/event';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { errorCodeOf, errorMessageKeyOf } from '../../shared/resourceErrors';
import { APPROVAL } from './ApprovalStatus';
import { useCanDecideRequest } from './useCanDecideRequest';

type Decision = 'approve' | 'reject';

/** Server codes of a refused decision that have their own sentence (someone decided first, or it is no request). */
const DECISION_ERRORS: Readonly<Record<string, string>> = {
  [EVENT_PROBLEMS.alreadyDecided]: `${APPROVAL}.errors.alreadyDecided`,
  [EVENT_PROBLEMS.notARequest]: `${APPROVAL}.errors.notARequest`,
};

const useDecide = (record: Event, onDone: () => void) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: Decision; reason: string }) =>
      decision === 'approve'
        ? dataProvider.approveEvent(record.id, reason || undefined, record.version)
        : dataProvider.rejectEvent(record.id, reason, record.version),
    onSuccess: (_answer, { decision }) => {
      notify(`${APPROVAL}.done.${decision}`, {
        type: 'success',
        messageArgs: { title: record.generalInfos.eventTitle },
      });
      onDone();
      refresh();
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      notify((code && DECISION_ERRORS[code]) || errorMessageKeyOf(error), { type: 'error' });
      // Decided elsewhere, or the request changed, meanwhile: show what is true now before anything is decided.
      if (code === EVENT_PROBLEMS.alreadyDecided || code === RESOURCE_ERROR_CODES.editConflict) {
        onDone();
        refresh();
      }
    },
  });
};

interface DecisionDialogProps {
  decision: Decision | null;
  record: Event;
  onClose: () => void;
}

/**
 * Approving asks for confirmation and takes an optional note; rejecting requires a reason, which the
 * promoter reads in the mail and beside the request.
 */
const DecisionDialog = ({ decision, record, onClose }: DecisionDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [showRequired, setShowRequired] = useState(false);
  const close = () => {
    setReason('');
    setShowRequired(false);
    onClose();
  };
  const { mutate, isPending } = useDecide(record, close);
  const isReject = decision === 'reject';
  const missingReason = isReject && reason.trim() === '';
  const submit = () => {
    if (!decision) return;
    if (missingReason) {
      setShowRequired(true);
      return;
    }
    mutate({ decision, reason: reason.trim() });
  };
  const texts = `${APPROVAL}.dialog.${decision ?? 'approve'}`;
  return (
    <Dialog
      open={decision !== null}
      onClose={isPending ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{translate(`${texts}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {translate(`${texts}.content`, { title: record.generalInfos.eventTitle })}
          </DialogContentText>
          <TextField
            label={translate(`${texts}.reason`)}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required={isReject}
            error={showRequired && missingReason}
            helperText={showRequired && missingReason ? translate(`${APPROVAL}.dialog.reject.reasonRequired`) : ' '}
            slotProps={{ htmlInput: { maxLength: APPROVAL_REASON_MAX } }}
            multiline
            minRows={2}
            autoFocus
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={submit} disabled={isPending} variant="contained" color={isReject ? 'error' : 'success'}>
          {translate(`${texts}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Row buttons must not open the row (DataTable's rowClick) when clicked. */
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/**
 * "Approve" and "Reject" for a pending request, shown only to those who may decide it (useCanDecideRequest):
 * the staff of its venue or a role that sees everything, never a promoter. The record comes from the
 * props or the record context (a list row, an edit page); after the decision a toast says it and the
 * page refreshes.
 */
export const ApprovalActions = ({ record: given, size = 'small' }: { record?: Event; size?: 'small' | 'medium' }) => {
  const fromContext = useRecordContext<Event>();
  const record = given ?? fromContext;
  const translate = useTranslate();
  const canDecide = useCanDecideRequest(record);
  const [decision, setDecision] = useState<Decision | null>(null);
  if (!record || !canDecide) return null;
  return (
    <Stack direction="row" spacing={1} onClick={stopRowClick}>
      <Button
        size={size}
        color="success"
        variant="outlined"
        startIcon={<CheckIcon />}
        onClick={() => setDecision('approve')}
      >
        {translate(`${APPROVAL}.approve`)}
      </Button>
      <Button
        size={size}
        color="error"
        variant="outlined"
        startIcon={<CloseIcon />}
        onClick={() => setDecision('reject')}
      >
        {translate(`${APPROVAL}.reject`)}
      </Button>
      <DecisionDialog decision={decision} record={record} onClose={() => setDecision(null)} />
    </Stack>
  );
};
