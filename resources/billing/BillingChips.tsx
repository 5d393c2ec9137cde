import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Invoice, InvoiceStatus, Subscription } from '../../domain/billing';

export const TEXTS = 'resources.billing';

const INVOICE_STATUS_COLORS: Record<InvoiceStatus, ChipProps['color']> = {
  OPEN: 'info',
  PAID: 'success',
  OVERDUE: 'error',
  CANCELLED: 'default',
};

/** An invoice's status (OVERDUE is worked out by the server: an open invoice past its due date). */
export const InvoiceStatusChip = ({ status }: { status?: InvoiceStatus }) => {
  const translate = useTranslate();
  const record = useRecordContext<Invoice>();
  const shown = status ?? record?.status;
  if (!shown) return null;
  return (
    <Chip
      size="small"
      color={INVOICE_STATUS_COLORS[shown]}
      variant={shown === 'CANCELLED' ? 'outlined' : 'filled'}
      label={translate(`${TEXTS}.invoiceStatus.${shown}`)}
    />
  );
};

/** Paid or not: what the partner's `hasPaidSubscription` and the plan's features follow. */
export const PaidChip = ({ subscription }: { subscription?: Subscription }) => {
  const translate = useTranslate();
  const record = useRecordContext<Subscription>();
  const shown = subscription ?? record;
  if (!shown) return null;
  return (
    <Chip
      size="small"
      color={shown.isPaid ? 'success' : 'warning'}
      variant="outlined"
      label={translate(`${TEXTS}.paid.${shown.isPaid ? 'yes' : 'no'}`)}
    />
  );
};

export const SubscriptionStatusChip = ({ subscription }: { subscription?: Subscription }) => {
  const translate = useTranslate();
  const record = useRecordContext<Subscription>();
  const shown = subscription ?? record;
  if (!shown) return null;
  const cancelling = shown.status === 'ACTIVE' && shown.cancelAtPeriodEnd;
  return (
    <Chip
      size="small"
      color={shown.status === 'ACTIVE' ? (cancelling ? 'warning' : 'success') : 'default'}
      variant={shown.status === 'ACTIVE' ? 'filled' : 'outlined'}
      label={translate(`${TEXTS}.subscriptionStatus.${cancelling ? 'CANCELLING' : shown.status}`)}
    />
  );
};
