import { useId, useState, type ChangeEvent } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { BILLING_LIMITS, type PaymentImportReply } from '../../domain/billing';
import type { AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKeyOf } from '../shared/resourceErrors';
import { formatReference, useBillingFormat } from './billingFormat';

const INVOICES = 'resources.invoices';
const TOO_LARGE = `${INVOICES}.import.tooLarge`;

/** The field error the server puts on `file` (XML that is not camt.054), else the translated refusal. */
const importErrorOf = (error: unknown): string => {
  const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
  return body?.errors?.file ?? errorMessageKeyOf(error);
};

const ImportResult = ({ reply }: { reply: PaymentImportReply }) => {
  const translate = useTranslate();
  const format = useBillingFormat();
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
        {translate(`${INVOICES}.import.matched`, { smart_count: reply.matched.length })}
      </Typography>
      <List dense aria-label={translate(`${INVOICES}.import.matchedList`)}>
        {reply.matched.map((entry) => (
          <ListItem key={`${entry.invoiceId}-${entry.reference}`} disableGutters>
            <ListItemText
              primary={`${entry.number} · ${format.chf(entry.amountCentimes)}`}
              secondary={translate(`${INVOICES}.import.paidOn`, { date: format.day(entry.paidOn) })}
            />
          </ListItem>
        ))}
      </List>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
        {translate(`${INVOICES}.import.unmatched`, { smart_count: reply.unmatched.length })}
      </Typography>
      <List dense aria-label={translate(`${INVOICES}.import.unmatchedList`)}>
        {reply.unmatched.map((entry, index) => (
          <ListItem key={`${entry.reference ?? 'none'}-${index}`} disableGutters>
            <ListItemText
              primary={`${entry.reference ? formatReference(entry.reference) : translate(`${INVOICES}.import.noReference`)} · ${format.chf(entry.amountCentimes)}`}
              secondary={`${translate(`${INVOICES}.import.reasons.${entry.reason}`)}${entry.bookedOn ? ` · ${format.day(entry.bookedOn)}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
};

/**
 * Imports a bank's camt.054 file (ROOT): its text goes to `POST /invoices/payments-import` as XML; the answer
 * says which credits paid which invoice and why the others matched none.
 */
export const PaymentsImportDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const inputId = useId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reply, setReply] = useState<PaymentImportReply | null>(null);
  const close = () => {
    setFile(null);
    setError(null);
    setReply(null);
    onClose();
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setReply(null);
    setError(chosen && chosen.size > BILLING_LIMITS.camtBytes ? TOO_LARGE : null);
    setFile(chosen);
  };
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await dataProvider.importPayments(await file.text());
      setReply(answer);
      refresh();
    } catch (failure) {
      setError(importErrorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`${INVOICES}.import.title`)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${INVOICES}.import.help`)}
        </Typography>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
          {translate(`${INVOICES}.import.choose`)}
          <input
            id={inputId}
            type="file"
            accept=".xml,application/xml,text/xml"
            hidden
            onChange={choose}
            aria-label={translate(`${INVOICES}.import.file`)}
          />
        </Button>
        {file ? (
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {translate(error, { _: error, maxMb: BILLING_LIMITS.camtBytes / 1_000_000 })}
          </Alert>
        ) : null}
        {reply ? <ImportResult reply={reply} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate(reply ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {reply ? null : (
          <Button variant="contained" onClick={() => void submit()} disabled={!file || busy || error === TOO_LARGE}>
            {translate(`${INVOICES}.import.submit`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
