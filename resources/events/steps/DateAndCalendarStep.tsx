import { Stack } from '@mui/material';
import type { ChangeEvent } from 'react';
import { NumberInput, SelectInput } from 'react-admin';
import { LocalDateInput, LocalTimeInput } from '../../shared/inputs';
import { useFormContext, useWatch } from 'react-hook-form';
import { RECURRENCE_END_TYPES, RECURRENCE_PATTERNS, type RecurrenceEndType, type RecurrencePattern } from '../../../domain/enums';
import { EVENT_LIMITS } from '../../../domain/event';
import { OccurrencePreview } from './OccurrencePreview';
import { OutOfScheduleEditor } from './OutOfScheduleEditor';
import { WeekDaysInput } from './WeekDaysInput';

const patternChoices = RECURRENCE_PATTERNS.map((pattern) => ({ id: pattern, name: `resources.events.patterns.${pattern}` }));
const endTypeChoices = RECURRENCE_END_TYPES.map((endType) => ({ id: endType, name: `resources.events.endTypes.${endType}` }));

const DATES = 'dateAndCalendar';

/**
 * The recurrence fields that only some choices use are emptied when the choice changes, so that the
 * record never holds a value the server refuses for its pattern or end (domain/event.ts checkDates):
 * back to NONE empties every recurrence field and the out-of-schedule dates.
 */
const useRecurrenceResets = () => {
  const { setValue } = useFormContext();
  const set = (field: string, value: unknown) => setValue(`${DATES}.${field}`, value, { shouldDirty: true, shouldValidate: false });
  const clearEnd = (keep: RecurrenceEndType) => {
    if (keep !== 'AFTER_OCCURRENCES') set('maxOccurrences', null);
    if (keep !== 'ON_DATE') set('recurrenceEndDate', null);
  };
  const onPatternChange = (pattern: RecurrencePattern) => {
    if (pattern !== 'WEEKLY') set('recurrenceDaysOfWeek', []);
    if (pattern === 'NONE') {
      set('recurrenceEndType', 'NEVER');
      clearEnd('NEVER');
      set('outOfScheduleEvents', []);
    } else {
      // A repeating occurrence lasts at most one night: its end date follows from the times.
      set('endDate', null);
    }
  };
  return { onPatternChange, onEndTypeChange: clearEnd };
};

const valueOf = (event: ChangeEvent<HTMLInputElement> | { target?: { value?: unknown } }) => String(event?.target?.value ?? '');

/** "Ends the next day" under the end time when it is not after the start time (and no later end date is set). */
const useEndsNextDay = () => {
  const [startTime, endTime, endDate] = useWatch({ name: [`${DATES}.startTime`, `${DATES}.endTime`, `${DATES}.endDate`] }) as [string, string, string | null];
  return Boolean(startTime && endTime && !endDate && endTime <= startTime);
};

export interface DateAndCalendarStepProps {
  /** Edit of a whole repeating series (not one occurrence): the out-of-schedule editor is offered. */
  showOutOfScheduleEditor: boolean;
}

/** Start, times, repetition and its end, with the rule in words and the next occurrences as the user types. */
export const DateAndCalendarStep = ({ showOutOfScheduleEditor }: DateAndCalendarStepProps) => {
  const { onPatternChange, onEndTypeChange } = useRecurrenceResets();
  const [pattern, endType] = useWatch({ name: [`${DATES}.recurrencePattern`, `${DATES}.recurrenceEndType`] }) as [RecurrencePattern, RecurrenceEndType];
  const endsNextDay = useEndsNextDay();
  const repeating = pattern !== undefined && pattern !== 'NONE';
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <LocalDateInput source={`${DATES}.startDate`} isRequired />
        <LocalTimeInput source={`${DATES}.startTime`} emptyValue="" isRequired />
        <LocalTimeInput
          source={`${DATES}.endTime`}
          emptyValue=""
          isRequired
          helperText={endsNextDay ? 'resources.events.hints.endsNextDay' : false}
        />
      </Stack>
      {repeating ? null : <LocalDateInput source={`${DATES}.endDate`} />}
      <SelectInput
        source={`${DATES}.recurrencePattern`}
        choices={patternChoices}
        isRequired
        onChange={(event) => onPatternChange(valueOf(event) as RecurrencePattern)}
        helperText={false}
      />
      {pattern === 'WEEKLY' ? <WeekDaysInput source={`${DATES}.recurrenceDaysOfWeek`} /> : null}
      {repeating ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <SelectInput
            source={`${DATES}.recurrenceEndType`}
            choices={endTypeChoices}
            isRequired
            onChange={(event) => onEndTypeChange(valueOf(event) as RecurrenceEndType)}
            helperText={false}
          />
          {endType === 'AFTER_OCCURRENCES' ? (
            <NumberInput source={`${DATES}.maxOccurrences`} min={1} max={EVENT_LIMITS.maxOccurrences} step={1} />
          ) : null}
          {endType === 'ON_DATE' ? <LocalDateInput source={`${DATES}.recurrenceEndDate`} /> : null}
        </Stack>
      ) : null}
      <OccurrencePreview />
      {showOutOfScheduleEditor && repeating ? <OutOfScheduleEditor /> : null}
    </>
  );
};
