import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  NumberInput,
  ReferenceFieldBase,
  ReferenceInput,
  useChoicesContext,
  useRecordContext,
  type AutocompleteInputProps,
} from 'react-admin';
import { LabelPlaceholder } from './LabelPlaceholder';

/**
 * Pickers and fields for records of collections that a server may not serve (an older API without
 * establishments or promoter groups). They ask the API anyway; when it fails, the picker becomes a number input
 * for the id and the field shows the id, so the screen keeps working instead of breaking.
 */

interface ReferencePickerProps {
  source: string;
  reference: string;
  label: string;
  /** The referenced record's display name, e.g. `generalInfos.establishmentName`. */
  optionText: string;
  helperText?: string | false;
  disabled?: boolean;
  isRequired?: boolean;
  alwaysOn?: boolean;
}

const AutocompleteOrIdInput = ({
  source,
  label,
  helperText,
  ...rest
}: AutocompleteInputProps & { source: string; label: string }) => {
  const { error, allChoices } = useChoicesContext();
  if (error && (allChoices?.length ?? 0) === 0) {
    return (
      <NumberInput
        source={source}
        label={label}
        helperText="resources.shared.referenceUnavailable"
        disabled={rest.disabled}
        isRequired={rest.isRequired}
      />
    );
  }
  return <AutocompleteInput source={source} label={label} helperText={helperText} {...rest} />;
};

/** A searchable reference input (`q` search) that falls back to an id input when the list fails. */
export const ReferencePicker = ({
  source,
  reference,
  label,
  optionText,
  helperText,
  disabled,
  isRequired,
}: ReferencePickerProps) => (
  <ReferenceInput source={source} reference={reference}>
    <AutocompleteOrIdInput
      source={source}
      label={label}
      optionText={optionText}
      helperText={helperText}
      disabled={disabled}
      isRequired={isRequired}
    />
  </ReferenceInput>
);

interface ReferenceNameFieldProps {
  source: string;
  reference: string;
  /** The referenced record's display name. */
  nameSource: string;
  label?: string;
}

/** The referenced record's name (a placeholder while it loads), or `#id` when the collection cannot be read. */
export const ReferenceNameField = ({ source, reference, nameSource }: ReferenceNameFieldProps) => {
  const record = useRecordContext();
  const id: unknown = record?.[source];
  if (id === null || id === undefined) return null;
  return (
    <ReferenceFieldBase
      source={source}
      reference={reference}
      loading={<LabelPlaceholder />}
      error={
        <Typography variant="body2" component="span">
          #{String(id)}
        </Typography>
      }
    >
      <ReferenceName nameSource={nameSource} />
    </ReferenceFieldBase>
  );
};

const ReferenceName = ({ nameSource }: { nameSource: string }) => {
  const record = useRecordContext();
  const name = nameSource
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
  return (
    <Typography variant="body2" component="span">
      {typeof name === 'string' || typeof name === 'number' ? name : record ? `#${String(record.id)}` : ''}
    </Typography>
  );
};
