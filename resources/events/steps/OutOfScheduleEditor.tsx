import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { OutOfScheduleAction } from '../../../domain/enums';
import { derivedEndDate, type OutOfScheduleEventInput } from '../../../domain/event';
import { localDateOf, localTimeOf, zonedInstant } from '../../../domain/recurrence';
import { DateTimeTextField } from '../../shared/inputs';
import { formatInstant, formatOccurrenceSpan } from '../zurichFormat';

const TEXT = 'resources.events.outOfSchedule';
export const OUT_OF_SCHEDULE_SOURCE = 'dateAndCalendar.outOfScheduleEvents';

type Row = Pick<OutOfScheduleEventInput, 'action' | 'originalStartsAt' | 'startsAt' | 'endsAt'> & {
  id?: number;
  eventTitle?: string | null;
};

interface WallClock {
  date: string;
  from: string;
  until: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Local date and times (Zurich) → the instants of an occurrence; null while incomplete. An end not after the
 * start is the next day.
 */
export const instantsOf = ({ date, from, until }: WallClock): { startsAt: string; endsAt: string } | null => {
  if (!DATE.test(date) || !TIME.test(from) || !TIME.test(until)) return null;
  try {
    return { startsAt: zonedInstant(date, from), endsAt: zonedInstant(derivedEndDate(date, from, until), until) };
  } catch {
    return null;
  }
};

const wallClockOf = (row: Row): WallClock => ({
  date: row.startsAt ? localDateOf(row.startsAt) : '',
  from: row.startsAt ? localTimeOf(row.startsAt) : '',
  until: row.endsAt ? localTimeOf(row.endsAt) : '',
});

/** Wide enough for a whole date ("dd.mm.yyyy") or time: a row's fields would otherwise shrink and cut it. */
const FIELD_MIN_WIDTHS = { date: '11rem', time: '7.5rem' } as const;

/** Date, from and until of one occurrence; each valid change is handed up at once. */
const WallClockFields = ({
  value,
  onChange,
  idPrefix,
}: {
  value: WallClock;
  onChange: (value: WallClock) => void;
  idPrefix: string;
}) => {
  const translate = useTranslate();
  const field = (name: keyof WallClock, kind: 'date' | 'time', label: string) => (
    <DateTimeTextField
      id={`${idPrefix}-${name}`}
      kind={kind}
      size="small"
      label={translate(`${TEXT}.${label}`)}
      value={value[name]}
      onChange={(typed) => onChange({ ...value, [name]: typed })}
      sx={{ minWidth: FIELD_MIN_WIDTHS[kind] }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      {field('date', 'date', 'date')}
      {field('from', 'time', 'from')}
      {field('until', 'time', 'until')}
    </Stack>
  );
};

/**
 * A moved or added occurrence: its place can be changed; an incomplete entry waits, the row keeps its last
 * valid place.
 */
const PlacedRowFields = ({ row, index, onChange }: { row: Row; index: number; onChange: (row: Row) => void }) => {
  const [value, setValue] = useState<WallClock>(() => wallClockOf(row));
  const change = (next: WallClock) => {
    setValue(next);
    const instants = instantsOf(next);
    if (!instants) return;
    // A CREATE is keyed by its own start; a moved occurrence keeps the rule's start as its key.
    onChange({
      ...row,
      ...instants,
      originalStartsAt: row.action === 'CREATE' ? instants.startsAt : row.originalStartsAt,
    });
  };
  return <WallClockFields value={value} onChange={change} idPrefix={`out-of-schedule-${index}`} />;
};

const ACTION_COLORS: Record<OutOfScheduleAction, 'default' | 'warning' | 'info'> = {
  SKIP: 'default',
  UPDATE: 'warning',
  CREATE: 'info',
};

const RowItem = ({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  onChange: (row: Row) => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const original = formatInstant(row.originalStartsAt, locale);
  const label =
    row.action === 'SKIP'
      ? original
      : row.startsAt && row.endsAt
        ? formatOccurrenceSpan(row.startsAt, row.endsAt, locale)
        : original;
  return (
    <ListItem
      divider
      disableGutters
      aria-label={`${translate(`${TEXT}.${row.action}`)}: ${label}`}
      sx={{ display: 'block', py: 1.5 }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: row.action === 'SKIP' ? 0 : 1 }}
      >
        <Chip size="small" color={ACTION_COLORS[row.action]} label={translate(`${TEXT}.${row.action}`)} />
        <Typography variant="body2">{label}</Typography>
        {row.action === 'UPDATE' ? (
          <Typography variant="body2" color="text.secondary">
            {translate(`${TEXT}.original`, { date: original })}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          onClick={onRemove}
          startIcon={row.action === 'SKIP' ? <RestoreIcon /> : <DeleteOutlineIcon />}
          color={row.action === 'SKIP' ? 'primary' : 'error'}
        >
          {translate(`${TEXT}.${row.action === 'SKIP' ? 'restore' : 'remove'}`)}
        </Button>
      </Stack>
      {row.action === 'SKIP' ? null : <PlacedRowFields row={row} index={index} onChange={onChange} />}
    </ListItem>
  );
};

/** A date outside the rule: the series' times as a start, a date to pick. */
const AddDate = ({ onAdd }: { onAdd: (row: Row) => void }) => {
  const translate = useTranslate();
  const [startTime, endTime] = useWatch({ name: ['dateAndCalendar.startTime', 'dateAndCalendar.endTime'] }) as [
    string,
    string,
  ];
  const [value, setValue] = useState<WallClock>({ date: '', from: startTime ?? '', until: endTime ?? '' });
  const instants = instantsOf(value);
  const add = () => {
    if (!instants) return;
    onAdd({ action: 'CREATE', originalStartsAt: instants.startsAt, ...instants });
    setValue({ ...value, date: '' });
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, mt: 1 }}>
      <WallClockFields value={value} onChange={setValue} idPrefix="out-of-schedule-new" />
      <Button startIcon={<AddIcon />} onClick={add} disabled={!instants}>
        {translate(`${TEXT}.add`)}
      </Button>
    </Stack>
  );
};

/**
 * The out-of-schedule editor of a repeating series (edit mode): skipped, moved and added dates, in
 * Zurich time. It edits the form's list, which the whole-record PUT replaces (no updateScope); rows keep
 * their `originalStartsAt` key, so the server matches them to the rule's occurrences.
 */
export const OutOfScheduleEditor = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const watched = useWatch({ name: OUT_OF_SCHEDULE_SOURCE }) as Row[] | undefined;
  // Rows keep their order (the server's, by date, then the ones added here): a row's fields keep their place
  // as it is edited.
  const rows = watched ?? [];
  const write = (next: Row[]) => setValue(OUT_OF_SCHEDULE_SOURCE, next, { shouldDirty: true });

  return (
    <Box component="section" aria-labelledby="out-of-schedule-title" sx={{ mt: 2 }}>
      <Typography id="out-of-schedule-title" variant="subtitle1" component="h3">
        {translate(`${TEXT}.title`)}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${TEXT}.empty`)}
        </Typography>
      ) : (
        <List aria-labelledby="out-of-schedule-title">
          {rows.map((row, index) => (
            <RowItem
              key={row.id ?? `new-${index}`}
              row={row}
              index={index}
              onChange={(changed) => write(rows.map((other, at) => (at === index ? changed : other)))}
              onRemove={() => write(rows.filter((_, at) => at !== index))}
            />
          ))}
        </List>
      )}
      <AddDate onAdd={(row) => write([...rows, row])} />
    </Box>
  );
};
