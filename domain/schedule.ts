import { z } from 'zod';
import { TIME_OF_DAY_PATTERN, WEEK_DAYS, type WeekDay } from './enums';
import { requiredText } from './records';
import { crossFieldChecks } from './validation';

/**
 * Opening hours and happy hours of an establishment. Times are wall-clock `HH:mm` in Europe/Zurich;
 * an end at or before the start ends the next day (Friday 22:00–04:00 closes on Saturday morning).
 */

export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN, 'A time such as 22:00');
const optionalTimeOfDay = z.preprocess(
  (value) => (value === '' ? null : value),
  timeOfDaySchema.nullable().default(null),
);

/** True when a range from `start` to `end` ends on the next day. */
export const endsNextDay = (start: string, end: string): boolean => end <= start;

/** One day of `workSchedules`: open or closed; an open day needs both times. */
export const workScheduleDaySchema = z
  .object({ isActive: z.boolean().default(false), startTime: optionalTimeOfDay, endTime: optionalTimeOfDay })
  .superRefine(
    crossFieldChecks<{ isActive: boolean; startTime: string | null; endTime: string | null }>([
      {
        reads: ['isActive', 'startTime', 'endTime'],
        check: (day, context) => {
          if (!day.isActive) return;
          if (!day.startTime)
            context.addIssue({ code: 'custom', path: ['startTime'], message: 'Required on an open day' });
          if (!day.endTime) context.addIssue({ code: 'custom', path: ['endTime'], message: 'Required on an open day' });
        },
      },
    ]),
  );
export type WorkScheduleDay = z.output<typeof workScheduleDaySchema>;

const CLOSED_DAY: WorkScheduleDay = { isActive: false, startTime: null, endTime: null };

export type WorkSchedules = Record<WeekDay, WorkScheduleDay>;
export const closedWeek = (): WorkSchedules =>
  Object.fromEntries(WEEK_DAYS.map((day) => [day, { ...CLOSED_DAY }])) as WorkSchedules;

/** `workSchedules`: MONDAY..SUNDAY; a day left out is closed. */
export const workSchedulesSchema = z
  .object(
    Object.fromEntries(WEEK_DAYS.map((day) => [day, workScheduleDaySchema.default({ ...CLOSED_DAY })])) as Record<
      WeekDay,
      z.ZodDefault<typeof workScheduleDaySchema>
    >,
  )
  .default(closedWeek);

export const HAPPY_HOUR_LIMITS = { title: 100, maxPerEstablishment: 20 } as const;

export const happyHourSchema = z.object({
  title: requiredText(HAPPY_HOUR_LIMITS.title),
  days: z
    .array(z.enum(WEEK_DAYS))
    .min(1, 'Pick at least one day')
    .refine((days) => new Set(days).size === days.length, 'A day appears twice'),
  startTime: timeOfDaySchema,
  endTime: timeOfDaySchema,
});
export type HappyHour = z.output<typeof happyHourSchema>;

export const happyHoursSchema = z.array(happyHourSchema).max(HAPPY_HOUR_LIMITS.maxPerEstablishment).default([]);
