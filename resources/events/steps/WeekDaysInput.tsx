import { FormControl, FormHelperText, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useInput, useLocaleState, useTranslate, ValidationError } from 'react-admin';
import { WEEK_DAYS, type WeekDay } from '../../../domain/enums';
import { weekDayName } from '../zurichFormat';

/**
 * `recurrenceDaysOfWeek` of a WEEKLY series: one toggle per day, Monday first, each named by its full
 * weekday for screen readers ("Saturday") and showing the short one. Kept in week order.
 */
export const WeekDaysInput = ({ source }: { source: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState, id } = useInput<WeekDay[]>({ source, defaultValue: [] });
  const selected: WeekDay[] = Array.isArray(field.value) ? field.value : [];
  const change = (_event: unknown, days: WeekDay[]) => field.onChange(WEEK_DAYS.filter((day) => days.includes(day)));
  const labelId = `${id}-label`;
  return (
    <FormControl error={fieldState.invalid} sx={{ my: 1 }}>
      <FormLabel id={labelId} sx={{ mb: 1 }}>
        {translate('resources.events.fields.dateAndCalendar.recurrenceDaysOfWeek')}
      </FormLabel>
      <ToggleButtonGroup
        value={selected}
        onChange={change}
        aria-labelledby={labelId}
        size="small"
        color="primary"
        sx={{ flexWrap: 'wrap' }}
      >
        {WEEK_DAYS.map((day) => (
          <ToggleButton key={day} value={day} aria-label={weekDayName(day, locale)} sx={{ minWidth: 48 }}>
            {weekDayName(day, locale, 'short')}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormHelperText>
        {fieldState.error?.message ? (
          <ValidationError error={fieldState.error.message} />
        ) : (
          translate('resources.events.hints.daysDefault')
        )}
      </FormHelperText>
    </FormControl>
  );
};
