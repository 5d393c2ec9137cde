import { useEffect, useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { PERIOD_PRESETS, type Period, type PeriodPreset } from '../../domain/statistics';
import { datePlaceholderOf, formatDateInput, parseDateInput } from '../shared/dateFormat';
import { periodProblemOf } from './statisticsQuery';

/**
 * The period: a preset (7, 30, 90 days, this year, ending today in Zurich) or custom, two days typed in the
 * interface language's order ("31.12.2026"), applied once both make a valid period.
 */
export const PeriodPicker = ({
  preset,
  period,
  onPresetChange,
  onCustomPeriod,
}: {
  preset: PeriodPreset;
  period: Period;
  onPresetChange: (preset: PeriodPreset) => void;
  onCustomPeriod: (period: Period) => void;
}) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const [fromText, setFromText] = useState(() => formatDateInput(period.from, locale));
  const [toText, setToText] = useState(() => formatDateInput(period.to, locale));
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; message: string } | null>(null);

  useEffect(() => {
    setFromText(formatDateInput(period.from, locale));
    setToText(formatDateInput(period.to, locale));
    setProblem(null);
  }, [period.from, period.to, locale]);

  const placeholder = datePlaceholderOf(locale);
  const apply = () => {
    const from = parseDateInput(fromText, locale);
    const to = parseDateInput(toText, locale);
    if (from === null || to === null) {
      setProblem({
        field: from === null ? 'from' : 'to',
        message: translate('statistics.period.invalidDate', { placeholder }),
      });
      return;
    }
    const chosen = { from, to };
    const found = periodProblemOf(chosen);
    if (found !== null) {
      setProblem({ field: 'to', message: translate(found, { placeholder }) });
      return;
    }
    setProblem(null);
    if (chosen.from !== period.from || chosen.to !== period.to || preset !== 'custom') onCustomPeriod(chosen);
  };
  const dateField = (field: 'from' | 'to', text: string, setText: (text: string) => void) => (
    <TextField
      size="small"
      label={translate(`statistics.period.${field}`)}
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      error={problem?.field === field}
      helperText={problem?.field === field ? problem.message : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ width: { xs: '100%', sm: 150 } }}
    />
  );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={translate('statistics.period.label')}
        value={preset}
        onChange={(event) => onPresetChange(event.target.value as PeriodPreset)}
        sx={{ minWidth: { xs: '100%', sm: 180 } }}
      >
        {PERIOD_PRESETS.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`statistics.period.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {preset === 'custom' && (
        <>
          {dateField('from', fromText, setFromText)}
          {dateField('to', toText, setToText)}
        </>
      )}
    </Stack>
  );
};
