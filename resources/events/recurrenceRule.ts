import { eventDateAndCalendarSchema } from '../../domain/event';
import type { OutOfScheduleRow, RecurrenceRule } from '../../domain/recurrence';

/**
 * The date step's values as the engine's rule (domain/recurrence.ts), or null while they are incomplete
 * or invalid (a half-typed date, an end type without its count): the preview waits for a usable rule.
 */
export const ruleOfDateValues = (values: unknown): RecurrenceRule | null => {
  const parsed = eventDateAndCalendarSchema.safeParse(values ?? {});
  if (!parsed.success) return null;
  const dates = parsed.data;
  const repeating = dates.recurrencePattern !== 'NONE';
  if (repeating && dates.recurrenceEndType === 'AFTER_OCCURRENCES' && dates.maxOccurrences === null) return null;
  if (repeating && dates.recurrenceEndType === 'ON_DATE' && dates.recurrenceEndDate === null) return null;
  return {
    startDate: dates.startDate,
    endDate: dates.endDate,
    startTime: dates.startTime,
    endTime: dates.endTime,
    recurrencePattern: dates.recurrencePattern,
    recurrenceDaysOfWeek: dates.recurrencePattern === 'WEEKLY' ? dates.recurrenceDaysOfWeek : [],
    recurrenceEndType: repeating ? dates.recurrenceEndType : 'NEVER',
    maxOccurrences: repeating && dates.recurrenceEndType === 'AFTER_OCCURRENCES' ? dates.maxOccurrences : null,
    recurrenceEndDate: repeating && dates.recurrenceEndType === 'ON_DATE' ? dates.recurrenceEndDate : null,
  };
};

/** The form's out-of-schedule list as the engine's rows (rows not saved yet have no id: their index stands in). */
export const rowsOfDateValues = (values: unknown): OutOfScheduleRow[] => {
  const rows = (values as { outOfScheduleEvents?: unknown } | null | undefined)?.outOfScheduleEvents;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(
      (row): row is OutOfScheduleRow =>
        typeof row === 'object' && row !== null && typeof (row as OutOfScheduleRow).originalStartsAt === 'string',
    )
    .map((row, index) => ({ ...row, id: typeof row.id === 'number' ? row.id : -(index + 1) }));
};
