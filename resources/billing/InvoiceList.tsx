import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  Button,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { INVOICE_KINDS, INVOICE_STATUSES, type Invoice } from '../../domain/billing';
import { LocalDateInput } from '../shared/inputs/DateTimeTextInput';
import { InvoiceStatusChip, TEXTS } from './BillingChips';
import { DownloadPdfButton } from './InvoiceActions';
import { PaymentsImportDialog } from './PaymentsImportDialog';
import { useBillingFormat } from './billingFormat';
import { recordPathOf } from './paths';

const INVOICES = 'resources.invoices';

/** ROOT's filters: search, status (overdue too), kind, partner, period of issue. */
const useInvoiceFilters = () => {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label={`${INVOICES}.fields.status`}
      choices={INVOICE_STATUSES.map((status) => ({ id: status, name: translate(`${TEXTS}.invoiceStatus.${status}`) }))}
      alwaysOn
    />,
    <SelectInput
      key="kind"
      source="kind"
      label={`${INVOICES}.fields.kind`}
      choices={INVOICE_KINDS.map((kind) => ({ id: kind, name: translate(`${TEXTS}.invoiceKind.${kind}`) }))}
    />,
    <ReferenceInput key="establishmentId" source="establishmentId" reference="establishments">
      <AutocompleteInput label={`${INVOICES}.fields.establishmentId`} filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <ReferenceInput key="promoterGroupId" source="promoterGroupId" reference="promoters">
      <AutocompleteInput label={`${INVOICES}.fields.promoterGroupId`} filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <LocalDateInput key="issuedFrom" source="issuedFrom" label={`${INVOICES}.fields.issuedFrom`} />,
    <LocalDateInput key="issuedTo" source="issuedTo" label={`${INVOICES}.fields.issuedTo`} />,
  ];
};

const Day = ({ source }: { source: 'issuedOn' | 'dueOn' }) => {
  const format = useBillingFormat();
  const record = useRecordContext<Invoice>();
  return <>{format.day(record?.[source])}</>;
};

const Total = () => {
  const format = useBillingFormat();
  const record = useRecordContext<Invoice>();
  return record ? <>{format.chf(record.totalCentimes)}</> : null;
};

const NumberCell = () => {
  const translate = useTranslate();
  const record = useRecordContext<Invoice>();
  if (!record) return null;
  return (
    <Stack>
      <span>{record.number}</span>
      {record.kind === 'CREDIT_NOTE' ? (
        <Typography variant="caption" color="text.secondary">
          {translate(`${TEXTS}.invoiceKind.CREDIT_NOTE`)}
        </Typography>
      ) : null}
    </Stack>
  );
};

const DownloadCell = () => {
  const record = useRecordContext<Invoice>();
  return record ? <DownloadPdfButton invoice={record} compact /> : null;
};

export interface InvoiceTableProps {
  /** The partner column (ROOT's list of every partner); a partner's own list leaves it out. */
  withPartner?: boolean;
}

/** The invoices as a table (a phone: a simple list); a row opens the invoice's drawer. */
export const InvoiceRows = ({ withPartner = true }: InvoiceTableProps) => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const format = useBillingFormat();
  const open = (id: Identifier) => {
    navigate(recordPathOf('invoices', id));
    return false as const;
  };
  if (isPhone) {
    return (
      <SimpleList<Invoice>
        primaryText={(invoice) => `${invoice.number} · ${format.chf(invoice.totalCentimes)}`}
        secondaryText={(invoice) =>
          withPartner ? `${invoice.partner.name} · ${format.day(invoice.issuedOn)}` : format.day(invoice.issuedOn)
        }
        tertiaryText={<InvoiceStatusChip />}
        rowClick={open}
      />
    );
  }
  return (
    <DataTable<Invoice> bulkActionButtons={false} rowClick={open}>
      <DataTable.Col source="number" label={`${INVOICES}.fields.number`}>
        <NumberCell />
      </DataTable.Col>
      {withPartner ? (
        <DataTable.Col
          source="partner"
          label={`${INVOICES}.fields.partner`}
          disableSort
          render={(invoice: Invoice) => invoice.partner.name}
        />
      ) : null}
      <DataTable.Col source="issuedOn" label={`${INVOICES}.fields.issuedOn`}>
        <Day source="issuedOn" />
      </DataTable.Col>
      <DataTable.Col source="dueOn" label={`${INVOICES}.fields.dueOn`}>
        <Day source="dueOn" />
      </DataTable.Col>
      <DataTable.Col source="totalCentimes" label={`${INVOICES}.fields.total`} align="right">
        <Total />
      </DataTable.Col>
      <DataTable.Col source="status" label={`${INVOICES}.fields.status`} disableSort>
        <InvoiceStatusChip />
      </DataTable.Col>
      <DataTable.Col label={`${INVOICES}.fields.pdf`} disableSort>
        <DownloadCell />
      </DataTable.Col>
    </DataTable>
  );
};

/** ROOT's invoices: every partner's, with filters, the PDFs and the import of a bank's payments file. */
export const InvoiceList = () => {
  const filters = useInvoiceFilters();
  const [importing, setImporting] = useState(false);
  const { canAccess: canImport = false } = useCanAccess({ resource: 'invoices', action: 'create' });
  const actions = (
    <TopToolbar>
      {canImport ? (
        <Button label={`${INVOICES}.import.open`} onClick={() => setImporting(true)}>
          <UploadFileIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
  return (
    <>
      <List
        resource="invoices"
        sort={{ field: 'issuedOn', order: 'DESC' }}
        filters={filters}
        perPage={25}
        actions={actions}
        exporter={false}
        title={false}
        disableSyncWithLocation
        storeKey="invoices.list"
      >
        <InvoiceRows />
      </List>
      <PaymentsImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
};
