import { useInputsReadOnly } from './readOnly';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, FormLabel, IconButton, Stack, Tooltip } from '@mui/material';
import { BooleanInput, useNotify, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { WEEK_DAYS, type WeekDay } from '../../../domain/enums';
import type { WorkScheduleDay } from '../../../domain/schedule';
import { NextDayHint, TimeOfDayInput } from './TimeRangeHints';

export interface WorkSchedulesInputProps {
  /** The `workSchedules` object, e.g. `generalInfos.workSchedules`. */
  source: string;
  label?: string;
}

const DayRow = ({ source, day }: { source: string; day: WeekDay }) => {
  const translate = useTranslate();
  const readOnly = useInputsReadOnly();
  const notify = useNotify();
  const { getValues, setValue } = useFormContext();
  const daySource = `${source}.${day}`;
  const dayPath = useWrappedSource(daySource);
  const weekPath = useWrappedSource(source);
  const value = (useWatch({ name: dayPath }) ?? {}) as Partial<WorkScheduleDay>;
  const isOpen = value.isActive === true;
  const dayName = translate(`inputs.weekDays.${day}`);

  const copyToAllDays = () => {
    const current = getValues(dayPath) as WorkScheduleDay;
    for (const other of WEEK_DAYS) {
      if (other !== day) setValue(`${weekPath}.${other}`, { ...current }, { shouldDirty: true, shouldValidate: true });
    }
    notify('inputs.schedule.copied', { type: 'info', messageArgs: { day: dayName } });
  };

  return (
    <Box role="group" aria-label={dayName} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} alignItems={{ sm: 'center' }}>
        <Box sx={{ width: { sm: 200 }, flexShrink: 0 }}>
          <BooleanInput
            source={`${daySource}.isActive`}
            label={dayName}
            helperText={isOpen ? 'inputs.schedule.open' : 'inputs.schedule.closed'}
          />
        </Box>
        <TimeOfDayInput
          source={`${daySource}.startTime`}
          label="inputs.schedule.start"
          disabled={!isOpen}
          helperText={false}
          sx={{ width: 140 }}
        />
        <TimeOfDayInput
          source={`${daySource}.endTime`}
          label="inputs.schedule.end"
          disabled={!isOpen}
          helperText={false}
          sx={{ width: 140 }}
        />
        {readOnly ? null : (
          <Tooltip title={translate('inputs.schedule.copyToAll')}>
            <IconButton
              onClick={copyToAllDays}
              aria-label={translate('inputs.schedule.copyDayToAll', { day: dayName })}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {isOpen ? <NextDayHint start={value.startTime} end={value.endTime} day={day} /> : null}
    </Box>
  );
};

/**
 * Opening hours, Monday to Sunday: open or closed, and from when to when. An end at or before the start
 * closes the next morning, said under the row; one day's hours can be copied to every other day.
 */
export const WorkSchedulesInput = ({ source, label = 'inputs.schedule.label' }: WorkSchedulesInputProps) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <FormLabel component="legend">{translate(label, { _: label })}</FormLabel>
      {WEEK_DAYS.map((day) => (
        <DayRow key={day} source={source} day={day} />
      ))}
    </Box>
  );
};
