import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WEEK_DAYS, type WeekDay } from '../../../domain/enums';
import { endsNextDay } from '../../../domain/schedule';
import { LocalTimeInput, type DateTimeTextInputProps } from './DateTimeTextInput';

/** The day after `day` (Sunday → Monday). */
export const nextWeekDay = (day: WeekDay): WeekDay =>
  WEEK_DAYS[(WEEK_DAYS.indexOf(day) + 1) % WEEK_DAYS.length] as WeekDay;

/** Whether both times are set and the range runs past midnight. */
export const crossesMidnight = (start: unknown, end: unknown): end is string =>
  typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && endsNextDay(start, end);

/** `HH:mm` on a 24-hour clock; an emptied field is null (no time), as the API expects. */
export const TimeOfDayInput = (props: Omit<DateTimeTextInputProps, 'kind'>) => <LocalTimeInput {...props} />;

/**
 * "Closes the next day (Sat 04:00)" under a range whose end is at or before its start (domain/schedule.ts
 * endsNextDay), so a night that runs past midnight reads as intended rather than as a mistake.
 */
export const NextDayHint = ({ start, end, day }: { start: unknown; end: unknown; day?: WeekDay }) => {
  const translate = useTranslate();
  if (!crossesMidnight(start, end)) return null;
  const text = day
    ? translate('inputs.schedule.closesNextDay', {
        day: translate(`inputs.weekDaysShort.${nextWeekDay(day)}`),
        time: end,
      })
    : translate('inputs.schedule.endsNextDay', { time: end });
  return (
    <Typography variant="caption" color="info.main" role="status" sx={{ display: 'block' }}>
      {text}
    </Typography>
  );
};
