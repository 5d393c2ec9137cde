import type { ReactNode } from 'react';
import { Box, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useShowContext, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Invoice } from '../../domain/billing';
import { DrawerShow } from '../shared/DrawerForms';
import { InvoiceStatusChip, TEXTS } from './BillingChips';
import { InvoiceActions } from './InvoiceActions';
import { formatReference, useBillingFormat } from './billingFormat';
import { recordPathOf } from './paths';

const INVOICES = 'resources.invoices';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

/** The totals as the PDF prints them: subtotal, VAT at the invoice day's rate, the 5-centime rounding, total. */
const Totals = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const format = useBillingFormat();
  const rate = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 2 }).format(invoice.vatRate);
  const rows: [string, number][] = [
    [translate(`${INVOICES}.totals.subtotal`), invoice.subtotalCentimes],
    [translate(`${INVOICES}.totals.vat`, { rate }), invoice.vatCentimes],
    [translate(`${INVOICES}.totals.rounding`), invoice.roundingCentimes],
  ];
  return (
    <Table size="small" aria-label={translate(`${INVOICES}.totals.title`)}>
      <TableBody>
        {rows.map(([label, centimes]) => (
          <TableRow key={label}>
            <TableCell>{label}</TableCell>
            <TableCell align="right">{format.chf(centimes)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell sx={{ fontWeight: 700 }}>{translate(`${INVOICES}.totals.total`)}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            {format.chf(invoice.totalCentimes)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
};

/** One invoice: who, when, reference, lines, totals and its actions. */
export const InvoiceDetails = () => {
  const translate = useTranslate();
  const format = useBillingFormat();
  const { record } = useShowContext<Invoice>();
  if (!record) return null;
  const address = record.partner.address;
  const linkedId = record.kind === 'CREDIT_NOTE' ? record.creditsInvoiceId : record.creditNoteId;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p">
          {translate(`${TEXTS}.invoiceKind.${record.kind}`)} {record.number}
        </Typography>
        <InvoiceStatusChip status={record.status} />
      </Stack>
      <InvoiceActions invoice={record} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Fact label={translate(`${INVOICES}.fields.partner`)}>
          <span>{address.name}</span>
          <br />
          <span>{[address.street, address.buildingNumber].filter(Boolean).join(' ')}</span>
          <br />
          <span>
            {address.country}-{address.postalCode} {address.town}
          </span>
        </Fact>
        <Fact label={translate(`${INVOICES}.fields.reference`)}>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {formatReference(record.reference)}
          </Box>
        </Fact>
        <Fact label={translate(`${INVOICES}.fields.issuedOn`)}>{format.day(record.issuedOn)}</Fact>
        <Fact label={translate(`${INVOICES}.fields.dueOn`)}>{format.day(record.dueOn)}</Fact>
        <Fact label={translate(`${INVOICES}.fields.period`)}>
          {format.period(record.periodStart, record.periodEnd)}
        </Fact>
        {record.paidOn ? <Fact label={translate(`${INVOICES}.fields.paidOn`)}>{format.day(record.paidOn)}</Fact> : null}
        {record.remindersSent > 0 ? (
          <Fact label={translate(`${INVOICES}.fields.remindersSent`)}>
            {translate(`${INVOICES}.remindersText`, {
              smart_count: record.remindersSent,
              date: format.day(record.lastReminderOn),
            })}
          </Fact>
        ) : null}
        {linkedId ? (
          <Fact
            label={translate(
              `${INVOICES}.fields.${record.kind === 'CREDIT_NOTE' ? 'creditsInvoiceId' : 'creditNoteId'}`,
            )}
          >
            <RouterLink to={recordPathOf('invoices', linkedId as Identifier)}>
              {translate(`${INVOICES}.openLinked`)}
            </RouterLink>
          </Fact>
        ) : null}
      </Box>
      <Divider />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${INVOICES}.fields.lines`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${INVOICES}.lines.description`)}</TableCell>
              <TableCell align="right">{translate(`${INVOICES}.lines.quantity`)}</TableCell>
              <TableCell align="right">{translate(`${INVOICES}.lines.unit`)}</TableCell>
              <TableCell align="right">{translate(`${INVOICES}.lines.amount`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{format.chf(line.unitCentimes)}</TableCell>
                <TableCell align="right">{format.chf(line.amountCentimes)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Totals invoice={record} />
    </Stack>
  );
};

/** `/billing/invoices/:id`: the invoice in a drawer, read only (an invoice is never edited). */
export const InvoiceShow = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerShow id={id} onClose={onClose} width={640}>
    <InvoiceDetails />
  </DrawerShow>
);
