import { Chip } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { MAIL_STATUSES } from '../../domain/enums';
import { DateTimeField } from '../shared/DateTimeField';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  template: string;
  language: string;
  transport: string;
  status: string;
  error: string | null;
  userId: number | null;
  createdAt: string;
  sentAt: string | null;
  /** Only in the detail (`GET /outbox/:id`). */
  text?: string;
  html?: string;
  attachments?: { filename: string; contentType: string; bytes: number }[];
}

/** The filter names of `GET /outbox` (server/routes/outbox.ts); `?filter={"status":"failed"}` is the dashboard's link. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="to" source="to" />,
  <SelectInput
    key="status"
    source="status"
    choices={MAIL_STATUSES.map((status) => ({ id: status, name: `resources.outbox.status.${status}` }))}
    helperText={false}
  />,
];

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'error' | 'info'> = {
  stored: 'info',
  pending: 'warning',
  sent: 'success',
  failed: 'error',
};

export const MailStatus = () => {
  const mail = useRecordContext<OutboxMail>();
  const translate = useTranslate();
  if (!mail) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[mail.status] ?? 'info'}
      label={translate(`resources.outbox.status.${mail.status}`, { _: mail.status })}
    />
  );
};

/** The recorded mails, newest first (the outbox stands in for a mail server). */
export const OutboxList = () => (
  <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} perPage={25}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="createdAt">
        <DateTimeField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="to" />
      <DataTable.Col source="subject" />
      <DataTable.Col source="template" />
      <DataTable.Col source="language" />
      <DataTable.Col source="status">
        <MailStatus />
      </DataTable.Col>
    </DataTable>
  </List>
);
