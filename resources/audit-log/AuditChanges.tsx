import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditLogRecord } from '../../domain/audit';

/** A before/after value as text: absent and null read "(empty)", objects as JSON. */
const ValueText = ({ value }: { value: unknown }) => {
  const translate = useTranslate();
  if (value === undefined || value === null || value === '') {
    return (
      <Typography variant="body2" color="text.secondary" component="span" sx={{ fontStyle: 'italic' }}>
        {translate('resources.audit-log.changes.empty')}
      </Typography>
    );
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: typeof value === 'string' ? 'inherit' : 'monospace' }}>
      {text}
    </Box>
  );
};

/** The expanded row: each changed field with its value before and after. */
export const AuditChangesPanel = () => {
  const entry = useRecordContext<AuditLogRecord>();
  const translate = useTranslate();
  const changes = Object.entries(entry?.changes ?? {});
  if (changes.length === 0) {
    return <Typography variant="body2">{translate('resources.audit-log.changes.none')}</Typography>;
  }
  return (
    <Table size="small" aria-label={translate('resources.audit-log.fields.changes')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.audit-log.changes.field')}</TableCell>
          <TableCell>{translate('resources.audit-log.changes.before')}</TableCell>
          <TableCell>{translate('resources.audit-log.changes.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map(([field, change]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', verticalAlign: 'top' }}>
              {field}
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top', maxWidth: 360 }}>
              <ValueText value={change.before} />
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top', maxWidth: 360 }}>
              <ValueText value={change.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const SUMMARY_LENGTH = 3;

/** The list's summary: the first changed field paths, and how many more. */
export const ChangedFieldsSummary = (_props: { label?: string }) => {
  const entry = useRecordContext<AuditLogRecord>();
  const translate = useTranslate();
  const fields = Object.keys(entry?.changes ?? {});
  const shown = fields.slice(0, SUMMARY_LENGTH).join(', ');
  const more = fields.length - SUMMARY_LENGTH;
  return (
    <Typography variant="body2" component="span">
      {shown}
      {more > 0 ? ` ${translate('resources.audit-log.changes.more', { smart_count: more })}` : ''}
    </Typography>
  );
};
