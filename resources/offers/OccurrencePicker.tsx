import { MenuItem, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Temporal } from 'temporal-polyfill';
import type { OccurrenceItem } from '../../domain/event';
import { localDateOf, localTimeOf } from '../../domain/recurrence';
import { formatOccurrenceSpan } from '../events/zurichFormat';

/** How far ahead the picker offers occurrences (GET /occurrences answers at most 100 in one page). */
export const OCCURRENCE_PICKER_DAYS = 60;

const upcomingWindow = () => {
  const now = Temporal.Now.instant();
  return { from: now.toString(), to: now.add({ hours: 24 * OCCURRENCE_PICKER_DAYS }).toString() };
};

/** The offer's validity as the occurrence's window, wall clock in Zurich (the offer's fields are local). */
const windowFieldsOf = (occurrence: OccurrenceItem) => ({
  startDate: localDateOf(occurrence.startsAt),
  startTime: localTimeOf(occurrence.startsAt),
  endDate: localDateOf(occurrence.endsAt),
  endTime: localTimeOf(occurrence.endsAt),
});

/**
 * An exclusive offer on a repeating series usually holds for one night: picking one of the series' next
 * occurrences fills the validity with its window. It is a shortcut, not a field of the offer: the dates
 * stay editable and nothing links the offer to the occurrence. One-off events show nothing.
 */
export const OccurrencePicker = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { setValue } = useFormContext();
  const eventId = useWatch({ name: 'eventId' }) as number | null | undefined;
  const window = useMemo(upcomingWindow, []);
  const [picked, setPicked] = useState('');
  const { data } = useGetList<OccurrenceItem & { id: string }>(
    'occurrences',
    {
      filter: { ...window, eventId },
      sort: { field: 'startsAt', order: 'ASC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: typeof eventId === 'number' },
  );
  const occurrences = typeof eventId === 'number' ? (data ?? []).filter((item) => item.eventId === eventId) : [];
  if (!occurrences.some((item) => item.recurrencePattern !== 'NONE')) return null;
  const pick = (id: string) => {
    setPicked(id);
    const occurrence = occurrences.find((item) => item.id === id);
    if (!occurrence) return;
    for (const [field, value] of Object.entries(windowFieldsOf(occurrence)))
      setValue(field, value, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <TextField
      select
      size="small"
      label={translate('resources.offers.occurrence.label')}
      helperText={translate('resources.offers.occurrence.help', { smart_count: OCCURRENCE_PICKER_DAYS })}
      value={occurrences.some((item) => item.id === picked) ? picked : ''}
      onChange={(event) => pick(event.target.value)}
      sx={{ mb: 2, minWidth: { sm: 320 } }}
      fullWidth
    >
      {occurrences.map((occurrence) => (
        <MenuItem key={occurrence.id} value={occurrence.id}>
          {formatOccurrenceSpan(occurrence.startsAt, occurrence.endsAt, locale)}
        </MenuItem>
      ))}
    </TextField>
  );
};
