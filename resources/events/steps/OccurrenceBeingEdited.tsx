import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatOccurrenceSpan } from '../zurichFormat';
import { instantsOf } from './OutOfScheduleEditor';

export interface OccurrenceSpan {
  startsAt: string;
  endsAt: string;
}

/**
 * The occurrence being edited, first on its date step: its date and times as the form now has them, and
 * where it was before when the user moves it. The series' rule is not what is being edited here.
 */
export const OccurrenceBeingEdited = ({ original }: { original: OccurrenceSpan }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [date, from, until] = useWatch({
    name: ['dateAndCalendar.startDate', 'dateAndCalendar.startTime', 'dateAndCalendar.endTime'],
  }) as [string, string, string];
  const now = instantsOf({ date: date ?? '', from: from ?? '', until: until ?? '' });
  const originalText = formatOccurrenceSpan(original.startsAt, original.endsAt, locale);
  const nowText = now ? formatOccurrenceSpan(now.startsAt, now.endsAt, locale) : originalText;
  return (
    <Box
      component="section"
      aria-labelledby="occurrence-being-edited"
      sx={{ p: 2, mb: 2, borderRadius: 1, border: 1, borderColor: 'primary.main', bgcolor: 'action.hover' }}
    >
      <Typography id="occurrence-being-edited" variant="subtitle2" component="h3" color="text.secondary">
        {translate('resources.events.occurrence.thisOne')}
      </Typography>
      <Typography data-testid="occurrence-span" variant="h6" component="p">
        {nowText}
      </Typography>
      {nowText !== originalText ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.events.outOfSchedule.original', { date: originalText })}
        </Typography>
      ) : null}
    </Box>
  );
};
