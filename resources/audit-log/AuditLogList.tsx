import type { ReactNode } from 'react';
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RESOURCE_PERMISSIONS } from '../../domain/access';
import { AUDIT_ACTIONS, type AuditAction } from '../../domain/enums';
import type { AuditLogRecord } from '../../domain/audit';
import type { UserRecord } from '../../domain/user';
import { AuditChangesPanel, ChangedFieldsSummary } from './AuditChanges';
import { DateTimeField } from '../shared/DateTimeField';
import { LocalDateInput } from '../shared/inputs';

/** The collections whose writes are logged, by their react-admin name (translated as resources). */
const AUDITED_RESOURCES = Object.keys(RESOURCE_PERMISSIONS).filter(
  (name) => !['occurrences', 'audit-log', 'outbox', 'asks', 'tag-terms'].includes(name),
);

const ResourceChoiceName = ({ name }: { name: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.${name}.name`, { smart_count: 1, _: name })}</>;
};

const resourceChoices = AUDITED_RESOURCES.map((name) => ({ id: name, name }));
const actionChoices = AUDIT_ACTIONS.map((action) => ({ id: action, name: `resources.audit-log.actions.${action}` }));

const userOption = (user: UserRecord) => `${user.firstName} ${user.lastName} (${user.email})`;

/**
 * On a phone only the resource stays on screen; the actor, the action and the dates are a tap away, under the
 * filter button, where four fields in a column pushed the entries out of sight.
 */
const auditFilters = (isPhone: boolean) => [
  <ReferenceInput key="actorUserId" source="actorUserId" reference="users" alwaysOn={!isPhone}>
    <AutocompleteInput label="resources.audit-log.fields.actorUserId" optionText={userOption} helperText={false} />
  </ReferenceInput>,
  <SelectInput
    key="resource"
    source="resource"
    choices={resourceChoices}
    optionText={(choice: { name: string }) => <ResourceChoiceName name={choice.name} />}
    alwaysOn
  />,
  <SelectInput key="action" source="action" choices={actionChoices} />,
  <LocalDateInput key="from" source="from" alwaysOn={!isPhone} onlyComplete />,
  <LocalDateInput key="to" source="to" alwaysOn={!isPhone} onlyComplete />,
];

const ACTION_COLORS: Record<AuditAction, 'default' | 'success' | 'info' | 'error' | 'warning'> = {
  CREATE: 'success',
  UPDATE: 'info',
  DELETE: 'error',
  // A mailed sign-in link grants access: worth a look.
  SEND_ACCESS_LINK: 'warning',
  // A customer's everyday use of an offer: routine.
  CLAIM: 'default',
  CANCEL_CLAIM: 'default',
  MARK_PAID: 'success',
  CREDIT_NOTE: 'warning',
  SEND_REMINDER: 'info',
  // A merge deletes a tag for good.
  MERGE: 'error',
  ASSIGN_TAG: 'info',
  UNASSIGN_TAG: 'info',
};

const ActionChip = (_props: { label?: string }) => {
  const entry = useRecordContext<AuditLogRecord>();
  const translate = useTranslate();
  if (!entry) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACTION_COLORS[entry.action] ?? 'info'}
      label={translate(`resources.audit-log.actions.${entry.action}`, { _: entry.action })}
    />
  );
};

const ResourceName = (_props: { label?: string }) => {
  const entry = useRecordContext<AuditLogRecord>();
  return entry ? <ResourceChoiceName name={entry.resource} /> : null;
};

const ActorEmail = (_props: { label?: string }) => {
  const entry = useRecordContext<AuditLogRecord>();
  const translate = useTranslate();
  if (!entry) return null;
  return <>{entry.actorEmail ?? translate('resources.audit-log.unknownActor')}</>;
};

/** A phone's one column for what the wide table spreads over five: the record and action, who, which fields. */
const PhoneEntry = (_props: { label?: string }) => {
  const entry = useRecordContext<AuditLogRecord>();
  if (!entry) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography variant="body2" component="span">
          <ResourceName /> #{entry.recordId}
        </Typography>
        <ActionChip />
      </Box>
      <Typography variant="body2" component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        <ActorEmail />
      </Typography>
      <Box sx={{ color: 'text.secondary' }}>
        <ChangedFieldsSummary />
      </Box>
    </Box>
  );
};

/** Rows that unfold into their changes, the time first; the columns after it are the caller's. */
const AuditDataTable = ({ children }: { children: ReactNode }) => (
  <DataTable<AuditLogRecord> bulkActionButtons={false} rowClick="expand" expand={<AuditChangesPanel />}>
    <DataTable.Col source="at">
      <DateTimeField source="at" />
    </DataTable.Col>
    {children}
  </DataTable>
);

const PhoneAuditTable = () => (
  <AuditDataTable>
    <DataTable.Col label="resources.audit-log.fields.entry" disableSort>
      <PhoneEntry />
    </DataTable.Col>
  </AuditDataTable>
);

const AuditTable = () => (
  <AuditDataTable>
    <DataTable.Col source="actorEmail" disableSort>
      <ActorEmail />
    </DataTable.Col>
    <DataTable.Col source="resource" disableSort>
      <ResourceName />
    </DataTable.Col>
    <DataTable.Col source="recordId" disableSort />
    <DataTable.Col source="action" disableSort>
      <ActionChip />
    </DataTable.Col>
    <DataTable.Col source="changes" disableSort>
      <ChangedFieldsSummary />
    </DataTable.Col>
  </AuditDataTable>
);

/**
 * The audit log (ROOT only): every create, update and delete, newest first, read-only. A click on
 * a row unfolds each changed field with its value before and after. The API sorts by date only.
 */
export const AuditLogList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List sort={{ field: 'at', order: 'DESC' }} filters={auditFilters(isPhone)} perPage={25}>
      {isPhone ? <PhoneAuditTable /> : <AuditTable />}
    </List>
  );
};
