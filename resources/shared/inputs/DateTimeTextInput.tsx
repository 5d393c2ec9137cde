import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useTranslate, type InputProps } from 'react-admin';
import { TIME_PLACEHOLDER, datePlaceholderOf, formatDateInput, parseDateInput, parseTimeInput } from '../dateFormat';

/**
 * Date and time fields typed in the interface language ("31.12.2026", "20:00"), holding the API's
 * `YYYY-MM-DD` and `HH:mm`. Browsers' native date and time inputs follow the operating system's locale
 * (mm/dd/yyyy and AM/PM on an English system, whatever the interface language), so they are not used.
 */

export type DateTimeKind = 'date' | 'time';

const parserOf = (kind: DateTimeKind, locale: string) => (text: string) =>
  kind === 'date' ? parseDateInput(text, locale) : parseTimeInput(text);

const displayOf = (kind: DateTimeKind, value: string, locale: string): string =>
  kind === 'date' ? formatDateInput(value, locale) : value;

/** The text shown for a held value, kept while the user types; reformatted when it is left. */
const useTypedText = (kind: DateTimeKind, value: string, locale: string) => {
  const parse = parserOf(kind, locale);
  const [text, setText] = useState(() => displayOf(kind, value, locale));
  // A value set from outside (a reset, a prefill, another language) replaces what is shown.
  useEffect(() => {
    setText((current) =>
      parse(current) === value || (current === '' && value === '') ? current : displayOf(kind, value, locale),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `parse` is derived from kind and locale
  }, [kind, value, locale]);
  return [text, setText] as const;
};

export type DateTimeTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  kind: DateTimeKind;
  /** `YYYY-MM-DD` or `HH:mm`; '' when empty; what was typed when it is not (yet) a date or time. */
  value: string;
  onChange: (value: string) => void;
};

/** A controlled MUI text field for a date or a time in the interface language. */
export const DateTimeTextField = ({
  kind,
  value,
  onChange,
  onBlur,
  helperText,
  error,
  slotProps,
  sx,
  ...rest
}: DateTimeTextFieldProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const parse = parserOf(kind, locale);
  const [text, setText] = useTypedText(kind, value, locale);
  const [left, setLeft] = useState(false);
  const placeholder = kind === 'date' ? datePlaceholderOf(locale) : TIME_PLACEHOLDER;
  const unreadable = left && text.trim() !== '' && parse(text) === null;
  return (
    <TextField
      {...rest}
      sx={[{ width: { xs: '100%', sm: kind === 'date' ? '12rem' : '9rem' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      value={text}
      error={error || unreadable}
      helperText={unreadable ? translate(`inputs.dateTime.${kind}Format`, { format: placeholder }) : helperText}
      onChange={(event) => {
        setText(event.target.value);
        setLeft(false);
        onChange(event.target.value.trim() === '' ? '' : (parse(event.target.value) ?? event.target.value));
      }}
      onBlur={(event) => {
        setLeft(true);
        const parsed = parse(text);
        if (parsed !== null) setText(displayOf(kind, parsed, locale));
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        htmlInput: { placeholder, inputMode: 'numeric', autoComplete: 'off', ...(slotProps?.htmlInput as object) },
      }}
    />
  );
};

export type DateTimeTextInputProps = InputProps & {
  kind: DateTimeKind;
  /** The value of an emptied field: null (no date, no time) unless the record wants ''. */
  emptyValue?: null | '';
  /** Filters take a value only once it is a date or a time, never what is half typed. */
  onlyComplete?: boolean;
  size?: 'small' | 'medium';
  className?: string;
  sx?: TextFieldProps['sx'];
  fullWidth?: boolean;
  placeholder?: string;
  variant?: TextFieldProps['variant'];
};

/** The react-admin input for a date (`kind="date"`) or a time (`kind="time"`) typed in the interface language. */
export const DateTimeTextInput = ({
  kind,
  emptyValue = null,
  onlyComplete = false,
  label,
  helperText,
  className,
  sx,
  size,
  fullWidth,
  variant,
  ...props
}: DateTimeTextInputProps) => {
  const [locale] = useLocaleState();
  const { id, field, fieldState, isRequired } = useInput(props);
  const parse = parserOf(kind, locale);
  const value = typeof field.value === 'string' ? field.value : '';
  const change = (next: string) => {
    if (next === '') return field.onChange(emptyValue);
    if (onlyComplete && parse(next) === null) return undefined;
    return field.onChange(next);
  };
  const invalid = fieldState.invalid;
  return (
    <DateTimeTextField
      kind={kind}
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={change}
      onBlur={field.onBlur}
      disabled={props.disabled}
      className={className}
      sx={sx}
      size={size}
      fullWidth={fullWidth}
      variant={variant}
      label={
        label === false ? undefined : (
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        )
      }
      error={invalid}
      // As react-admin's inputs: the helper line is reserved (errors do not shift the form) unless helperText is false.
      helperText={
        helperText === false && !invalid ? undefined : (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        )
      }
    />
  );
};

/** A date typed in the interface language, held as `YYYY-MM-DD`. */
export const LocalDateInput = (props: Omit<DateTimeTextInputProps, 'kind'>) => (
  <DateTimeTextInput kind="date" {...props} />
);

/** A time of day typed on a 24-hour clock, held as `HH:mm`. */
export const LocalTimeInput = (props: Omit<DateTimeTextInputProps, 'kind'>) => (
  <DateTimeTextInput kind="time" {...props} />
);
