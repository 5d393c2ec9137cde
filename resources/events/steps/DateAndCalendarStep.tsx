import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { NumberInput, SelectInput, useTranslate } from 'react-admin';
import { Temporal } from 'temporal-polyfill';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LocalDateInput, LocalTimeInput } from '../../shared/inputs';
import {
  RECURRENCE_END_TYPES,
  RECURRENCE_PATTERNS,
  type RecurrenceEndType,
  type RecurrencePattern,
} from '../../../domain/enums';
import { EVENT_LIMITS } from '../../../domain/event';
import { EVENT_TIME_ZONE } from '../../../domain/recurrence';
import { OccurrenceBeingEdited, type OccurrenceSpan } from './OccurrenceBeingEdited';
import { OccurrencePreview } from './OccurrencePreview';
import { OutOfScheduleEditor } from './OutOfScheduleEditor';
import { WeekDaysInput } from './WeekDaysInput';

const patternChoices = RECURRENCE_PATTERNS.map((pattern) => ({
  id: pattern,
  name: `resources.events.patterns.${pattern}`,
}));
const endTypeChoices = RECURRENCE_END_TYPES.map((endType) => ({
  id: endType,
  name: `resources.events.endTypes.${endType}`,
}));

const DATES = 'dateAndCalendar';

/**
 * The recurrence fields that only some choices use are emptied when the choice changes, so that the
 * record never holds a value the server refuses for its pattern or end (domain/event.ts checkDates):
 * back to NONE empties every recurrence field and the out-of-schedule dates.
 */
const useRecurrenceResets = () => {
  const { setValue } = useFormContext();
  const set = (field: string, value: unknown) =>
    setValue(`${DATES}.${field}`, value, { shouldDirty: true, shouldValidate: false });
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

const valueOf = (event: ChangeEvent<HTMLInputElement> | { target?: { value?: unknown } }) =>
  String(event?.target?.value ?? '');

/** "Ends the next day" under the end time when it is not after the start time (and no later end date is set). */
const useEndsNextDay = () => {
  const [startTime, endTime, endDate] = useWatch({
    name: [`${DATES}.startTime`, `${DATES}.endTime`, `${DATES}.endDate`],
  }) as [string, string, string | null];
  return Boolean(startTime && endTime && !endDate && endTime <= startTime);
};

/** A start this long ago is most likely a mistyped year: the date step warns, without refusing it. */
export const LONG_AGO = { years: 1 } as const;

const isLongAgo = (localDate: unknown): boolean => {
  if (typeof localDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(localDate)) return false;
  try {
    const limit = Temporal.Now.plainDateISO(EVENT_TIME_ZONE).subtract(LONG_AGO);
    return Temporal.PlainDate.compare(Temporal.PlainDate.from(localDate), limit) < 0;
  } catch {
    return false;
  }
};

/**
 * A start date the user set more than a year back gets a warning under the field. A date the record
 * was read with (a series running for years, an old occurrence) is left alone: only a typed one is.
 */
const useStartLongAgo = (): boolean => {
  const startDate: unknown = useWatch({ name: `${DATES}.startDate` });
  const { defaultValues } = useFormState({ name: `${DATES}.startDate` });
  const readWith = (defaultValues?.[DATES] as { startDate?: unknown } | undefined)?.startDate;
  return startDate !== readWith && isLongAgo(startDate);
};

const LongAgoWarning = () => {
  const translate = useTranslate();
  return (
    <Box
      component="span"
      role="status"
      sx={{ color: (theme) => (theme.palette.mode === 'dark' ? 'warning.light' : 'warning.dark') }}
    >
      {translate('resources.events.hints.longAgo')}
    </Box>
  );
};

export interface DateAndCalendarStepProps {
  /** Edit of a whole repeating series (not one occurrence): the out-of-schedule editor is offered. */
  showOutOfScheduleEditor: boolean;
  /** One occurrence of a series is edited: where it takes place now. */
  editedOccurrence: OccurrenceSpan | null;
}

const RULE_FIELDS = [
  'recurrencePattern',
  'recurrenceDaysOfWeek',
  'recurrenceEndType',
  'maxOccurrences',
  'recurrenceEndDate',
] as const;

/**
 * One occurrence's repetition: it applies only to "this and the next occurrences", so it is folded away
 * under a title that says so, and opens by itself when one of its fields has a problem.
 */
const OccurrenceRepetition = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { errors } = useFormState({ name: RULE_FIELDS.map((field) => `${DATES}.${field}`) });
  const dateErrors = (errors[DATES] ?? {}) as Record<string, unknown>;
  const hasProblem = RULE_FIELDS.some((field) => dateErrors[field] !== undefined);
  return (
    <Accordion
      expanded={open || hasProblem}
      onChange={(_event, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      sx={{ mt: 2 }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls="occurrence-repetition"
        id="occurrence-repetition-title"
      >
        <Stack>
          <Typography variant="subtitle1" component="h3">
            {translate('resources.events.occurrence.repetition')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.events.occurrence.repetitionHint')}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id="occurrence-repetition">{children}</AccordionDetails>
    </Accordion>
  );
};

/**
 * Start, times, repetition and its end, with the rule in words and the next occurrences as the user types.
 * For one occurrence: that occurrence first, its date and times, and the repetition of the rest folded away.
 */
export const DateAndCalendarStep = ({ showOutOfScheduleEditor, editedOccurrence }: DateAndCalendarStepProps) => {
  const { onPatternChange, onEndTypeChange } = useRecurrenceResets();
  const [pattern, endType] = useWatch({ name: [`${DATES}.recurrencePattern`, `${DATES}.recurrenceEndType`] }) as [
    RecurrencePattern,
    RecurrenceEndType,
  ];
  const endsNextDay = useEndsNextDay();
  const startLongAgo = useStartLongAgo();
  const repeating = pattern !== undefined && pattern !== 'NONE';
  const repetition = (
    <>
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
    </>
  );
  return (
    <>
      {editedOccurrence ? <OccurrenceBeingEdited original={editedOccurrence} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <LocalDateInput
          source={`${DATES}.startDate`}
          isRequired
          helperText={startLongAgo ? <LongAgoWarning /> : undefined}
        />
        <LocalTimeInput source={`${DATES}.startTime`} emptyValue="" isRequired />
        <LocalTimeInput
          source={`${DATES}.endTime`}
          emptyValue=""
          isRequired
          helperText={endsNextDay ? 'resources.events.hints.endsNextDay' : false}
        />
      </Stack>
      {repeating ? null : <LocalDateInput source={`${DATES}.endDate`} />}
      {editedOccurrence ? <OccurrenceRepetition>{repetition}</OccurrenceRepetition> : repetition}
      {showOutOfScheduleEditor && repeating ? <OutOfScheduleEditor /> : null}
    </>
  );
};
