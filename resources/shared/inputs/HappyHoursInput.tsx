import AddIcon from '@mui/icons-material/Add';
import {
  ArrayInput,
  Button,
  SelectArrayInput,
  SimpleFormIterator,
  TextInput,
  useSimpleFormIterator,
  useTranslate,
  useWrappedSource,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { WEEK_DAYS } from '../../../domain/enums';
import { HAPPY_HOUR_LIMITS } from '../../../domain/schedule';
import { useInputsReadOnly } from './readOnly';
import { NextDayHint, TimeOfDayInput } from './TimeRangeHints';

export interface HappyHoursInputProps {
  /** The happy-hours list, e.g. `additionalInfos.happyHours`. */
  source: string;
  label?: string;
}

const WEEK_DAY_CHOICES = WEEK_DAYS.map((day) => ({ id: day, name: `inputs.weekDays.${day}` }));

/** Under one happy hour: its end is the next day when at or before its start. */
const HappyHourNextDayHint = () => {
  const start: unknown = useWatch({ name: useWrappedSource('startTime') });
  const end: unknown = useWatch({ name: useWrappedSource('endTime') });
  return <NextDayHint start={start} end={end} />;
};

/** A labelled "Add happy hour" button: the iterator's own is a bare "+" that says nothing of what it adds. */
const AddHappyHourButton = () => {
  const { add } = useSimpleFormIterator();
  return (
    <Button
      label="inputs.happyHours.add"
      onClick={() => add()}
      variant="outlined"
      size="small"
      startIcon={<AddIcon />}
    />
  );
};

/** One happy hour's fields wrap onto a second line rather than run out of a narrow drawer. */
const wrapFields = { '& .RaSimpleFormIterator-form': { flex: 1, flexWrap: 'wrap' } } as const;

/** Happy hours: a title, the days (chips), and a time range that may run past midnight. */
export const HappyHoursInput = ({ source, label = 'inputs.happyHours.label' }: HappyHoursInputProps) => {
  const translate = useTranslate();
  const items = useWatch({ name: useWrappedSource(source) }) as unknown[] | undefined;
  const isFull = (items?.length ?? 0) >= HAPPY_HOUR_LIMITS.maxPerEstablishment;
  const readOnly = useInputsReadOnly();
  return (
    <ArrayInput source={source} label={translate(label, { _: label })}>
      <SimpleFormIterator
        sx={wrapFields}
        addButton={<AddHappyHourButton />}
        disableAdd={isFull || readOnly}
        disableRemove={readOnly}
        disableClear={readOnly}
        disableReordering
        inline
      >
        <TextInput
          source="title"
          label="inputs.happyHours.title"
          isRequired
          helperText={false}
          sx={{ minWidth: 220 }}
        />
        <SelectArrayInput
          source="days"
          label="inputs.happyHours.days"
          choices={WEEK_DAY_CHOICES}
          isRequired
          defaultValue={[]}
          helperText={false}
          sx={{ minWidth: 260 }}
        />
        <TimeOfDayInput
          source="startTime"
          label="inputs.happyHours.start"
          isRequired
          helperText={false}
          sx={{ minWidth: 140 }}
        />
        <TimeOfDayInput
          source="endTime"
          label="inputs.happyHours.end"
          isRequired
          helperText={false}
          sx={{ minWidth: 140 }}
        />
        <HappyHourNextDayHint />
      </SimpleFormIterator>
    </ArrayInput>
  );
};
