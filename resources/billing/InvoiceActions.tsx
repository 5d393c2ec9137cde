import { useId, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { BILLING_LIMITS, type Invoice } from '../../domain/billing';
import { zurichToday } from '../../domain/statistics';
import type { AppDataProvider, InvoiceAction } from '../../providers/dataProvider';
import { DateTimeTextField } from '../shared/inputs/DateTimeTextInput';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { useInvoiceDownload } from './useInvoiceDownload';

const INVOICES = 'resources.invoices';

/** The PDF (with its QR-bill payment part), saved under the server's file name. */
export const DownloadPdfButton = ({ invoice, compact = false }: { invoice: Invoice; compact?: boolean }) => {
  const translate = useTranslate();
  const { download, pendingId } = useInvoiceDownload();
  const label = translate(`${INVOICES}.actions.downloadPdf`);
  return (
    <Button
      size="small"
      variant={compact ? 'text' : 'outlined'}
      startIcon={<DownloadIcon />}
      disabled={pendingId === invoice.id}
      onClick={(event) => {
        event.stopPropagation();
        void download(invoice);
      }}
      aria-label={compact ? `${label} ${invoice.number}` : undefined}
    >
      {compact ? 'PDF' : label}
    </Button>
  );
};

/** The day the money arrived, today by default (Europe/Zurich). */
const MarkPaidDialog = ({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (paidOn: string) => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [paidOn, setPaidOn] = useState(zurichToday());
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(paidOn);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate(`${INVOICES}.markPaid.title`)}</DialogTitle>
      <DialogContent>
        <DateTimeTextField
          kind="date"
          label={translate(`${INVOICES}.markPaid.paidOn`)}
          value={paidOn}
          onChange={setPaidOn}
          margin="dense"
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => onConfirm(paidOn)} disabled={busy || !valid}>
          {translate(`${INVOICES}.markPaid.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The reason of a credit note (required): printed on it, and kept in the audit log. */
const CreditNoteDialog = ({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`${INVOICES}.creditNote.title`)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          required
          label={translate(`${INVOICES}.creditNote.reason`)}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={touched && missing}
          helperText={translate(
            touched && missing ? `${INVOICES}.creditNote.reasonRequired` : `${INVOICES}.creditNote.help`,
          )}
          slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.lineDescription } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (!missing) onConfirm(reason.trim());
          }}
        >
          {translate(`${INVOICES}.creditNote.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * An invoice's actions: the PDF for every reader; for ROOT, Mark paid (open or overdue invoices), Credit note
 * (open or overdue), Send reminder (overdue only). Each action sends the version read, so an invoice changed
 * meanwhile is refused (409), and every refusal is said in the user's language.
 */
export const InvoiceActions = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyResourceError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canManage = false } = useCanAccess({ resource: 'invoices', action: 'create' });
  const [dialog, setDialog] = useState<'markPaid' | 'creditNote' | null>(null);
  const [busy, setBusy] = useState(false);
  const payable = invoice.kind === 'INVOICE' && (invoice.status === 'OPEN' || invoice.status === 'OVERDUE');

  const run = async (action: InvoiceAction, body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      const answer = await dataProvider.invoiceAction(invoice.id, action, { ...body, version: invoice.version });
      notify(`${INVOICES}.notifications.${done}`, {
        type: 'success',
        messageArgs: { number: String((answer as Partial<Invoice>).number ?? invoice.number) },
      });
      setDialog(null);
      // The invoice's drawer and every list (the subscription's paid state too) read again.
      refresh();
    } catch (error) {
      setDialog(null);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <DownloadPdfButton invoice={invoice} />
      {canManage && payable ? (
        <>
          <Button size="small" variant="outlined" onClick={() => setDialog('markPaid')} disabled={busy}>
            {translate(`${INVOICES}.actions.markPaid`)}
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => setDialog('creditNote')} disabled={busy}>
            {translate(`${INVOICES}.actions.creditNote`)}
          </Button>
        </>
      ) : null}
      {canManage && invoice.status === 'OVERDUE' ? (
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => void run('send-reminder', {}, 'reminderSent')}
        >
          {translate(`${INVOICES}.actions.sendReminder`)}
        </Button>
      ) : null}
      {dialog === 'markPaid' ? (
        <MarkPaidDialog
          open
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={(paidOn) => void run('mark-paid', { paidOn }, 'markedPaid')}
        />
      ) : null}
      {dialog === 'creditNote' ? (
        <CreditNoteDialog
          open
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) => void run('credit-note', { reason }, 'creditNoteCreated')}
        />
      ) : null}
    </Stack>
  );
};
