import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type TranslateFunction } from 'react-admin';
import type { AuditLogRecord } from '../../domain/audit';

/** Where a collection's field labels live: `reference-data/musics` shares the reference data's. */
const fieldsKeyOf = (resource: string): string =>
  resource.startsWith('reference-data/') ? 'resources.referenceData.fields' : `resources.${resource}.fields`;

/** "first name" for `firstName`, "out of schedule events" for `outOfScheduleEvents`: the last resort. */
const wordsOf = (segment: string): string => segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A changed field as the forms name it, in the interface language: the label of the path, else of the
 * nearest enclosing field (`generalInfos.eventType.id` → "Event type"), else its last name in words.
 */
export const fieldLabelOf = (translate: TranslateFunction, resource: string, path: string): string => {
  const segments = path.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const key = `${fieldsKeyOf(resource)}.${segments.slice(0, length).join('.')}`;
    const label = translate(key, { _: '' });
    if (label !== '' && label !== key) return label;
  }
  return wordsOf(segments.at(-1) ?? path);
};

/** The labels of the changed fields, each once, in the record's order. */
const changedLabelsOf = (translate: TranslateFunction, entry: AuditLogRecord | undefined): string[] =>
  entry
    ? [...new Set(Object.keys(entry.changes ?? {}).map((path) => fieldLabelOf(translate, entry.resource, path)))]
    : [];

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
    <Box
      component="span"
      sx={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: typeof value === 'string' ? 'inherit' : 'monospace',
      }}
    >
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
            <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
              {fieldLabelOf(translate, entry?.resource ?? '', field)}
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

/** The list's summary: the first changed fields' labels, and how many more. */
export const ChangedFieldsSummary = (_props: { label?: string }) => {
  const entry = useRecordContext<AuditLogRecord>();
  const translate = useTranslate();
  const fields = changedLabelsOf(translate, entry);
  const shown = fields.slice(0, SUMMARY_LENGTH).join(', ');
  const more = fields.length - SUMMARY_LENGTH;
  return (
    <Typography variant="body2" component="span">
      {shown}
      {more > 0 ? ` ${translate('resources.audit-log.changes.more', { smart_count: more })}` : ''}
    </Typography>
  );
};
