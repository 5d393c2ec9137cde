import { Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  NumberInput,
  SelectInput,
  useInput,
  useRecordContext,
  useTranslate,
  type AutocompleteArrayInputProps,
  type SelectInputProps,
} from 'react-admin';
import type { ReferenceKind } from '../../../domain/reference';
import { LabelPlaceholder } from '../LabelPlaceholder';
import { valueAtPath } from './paths';
import { readOnlyChipsProps, useInputsReadOnly } from './readOnly';
import { offeredOptions, useReferenceValues, type ReferenceOption } from './useReferenceData';

/**
 * Pickers and fields for reference data (domain/reference.ts): the values of one kind from
 * `/reference-data/{kind}`, labelled in the user's language, sorted by position. Retired values are not
 * offered, except one the record already has, shown as "(retired)".
 */

interface ReferenceDataInputBaseProps {
  source: string;
  kind: ReferenceKind;
  /** A translation key or text. */
  label: string;
}

const useChoices = (kind: ReferenceKind, currentIds: readonly unknown[]) => {
  const translate = useTranslate();
  const { options, isPending, error } = useReferenceValues(kind);
  const choices = offeredOptions(options, currentIds).map((option: ReferenceOption) => ({
    id: option.id,
    name: option.isActive ? option.name : translate('inputs.reference.retired', { label: option.name }),
  }));
  return { choices, isPending, error };
};

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];

export type ReferenceDataInputProps = ReferenceDataInputBaseProps &
  Omit<SelectInputProps, 'source' | 'choices' | 'label'> & { isRequired?: boolean };

/** One value of a kind (a select). When the list cannot be read, the id can still be typed. */
export const ReferenceDataInput = ({ source, kind, label, isRequired, ...rest }: ReferenceDataInputProps) => {
  const { field } = useInput({ source });
  const { choices, isPending, error } = useChoices(kind, asList(field.value));
  if (error && choices.length === 0) {
    return (
      <NumberInput
        source={source}
        label={label}
        isRequired={isRequired}
        helperText="resources.shared.referenceUnavailable"
      />
    );
  }
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      isRequired={isRequired}
      translateChoice={false}
      parse={(value: unknown) => (value === '' || value === null ? null : Number(value))}
      {...rest}
    />
  );
};

export type ReferenceDataArrayInputProps = ReferenceDataInputBaseProps &
  Omit<AutocompleteArrayInputProps, 'source' | 'choices' | 'label'>;

/**
 * Several values of a kind, as chips, searchable by label. Read only, the chips have no delete icon
 * (readOnlyChipsProps).
 */
export const ReferenceDataArrayInput = ({ source, kind, label, ...rest }: ReferenceDataArrayInputProps) => {
  const { field } = useInput({ source, defaultValue: [] });
  const { choices, isPending } = useChoices(kind, asList(field.value));
  const readOnly = useInputsReadOnly();
  return (
    <AutocompleteArrayInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      translateChoice={false}
      defaultValue={[]}
      {...readOnlyChipsProps(readOnly)}
      {...rest}
    />
  );
};

interface ReferenceDataFieldProps {
  source: string;
  kind: ReferenceKind;
  label?: string;
}

/**
 * The labels of the ids at `source` once the values are read (`isPending` until then; an id unknown after
 * that reads `#id`, e.g. a value deleted since).
 */
const useLabels = (source: string, kind: ReferenceKind) => {
  const record = useRecordContext();
  const { options, isPending } = useReferenceValues(kind);
  const ids = asList(valueAtPath(record, source));
  const labels = ids.map((id) => ({
    id: String(id),
    label: options.find((option) => option.id === id)?.name ?? `#${String(id)}`,
  }));
  return { labels, isPending };
};

/** One value's label (lists, show pages). */
export const ReferenceDataField = ({ source, kind }: ReferenceDataFieldProps) => {
  const { labels, isPending } = useLabels(source, kind);
  if (labels.length === 0) return null;
  if (isPending) return <LabelPlaceholder />;
  return (
    <Typography variant="body2" component="span">
      {labels.map((entry) => entry.label).join(', ')}
    </Typography>
  );
};

/** Several values as small chips. */
export const ReferenceDataChipsField = ({ source, kind }: ReferenceDataFieldProps) => {
  const { labels, isPending } = useLabels(source, kind);
  if (labels.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {labels.map((entry) =>
        isPending ? (
          <LabelPlaceholder key={entry.id} chip width="4em" />
        ) : (
          <Chip key={entry.id} size="small" label={entry.label} />
        ),
      )}
    </Stack>
  );
};
