import { useEffect, useState } from 'react';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';

/** Centimes shown as francs: 4990 → "49.90", 5000 → "50". */
export const francsOf = (centimes: unknown): string => {
  if (typeof centimes !== 'number' || !Number.isFinite(centimes)) return '';
  return Number.isInteger(centimes / 100) ? String(centimes / 100) : (centimes / 100).toFixed(2);
};

/** Francs typed ("49.90", "49,90", "49.-") → centimes, null when empty or unreadable. */
export const centimesOf = (francs: string): number | null => {
  const text = francs
    .trim()
    .replace(/[’'\s]/g, '')
    .replace(',', '.')
    .replace(/\.-$/, '');
  if (text === '' || !/^\d+(\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
};

interface FrancsInputProps {
  source: string;
  label: string;
  helperText?: string;
  sx?: SxProps<Theme>;
}

/**
 * An amount typed in francs and held in centimes (the API's amounts are integer centimes): the text stays as
 * typed ("49.9" while typing "49.90"), the form holds 4990.
 */
export const FrancsInput = ({ source, label, helperText, sx }: FrancsInputProps) => {
  const { id, field, fieldState, isRequired } = useInput({ source });
  const [text, setText] = useState(() => francsOf(field.value));
  useEffect(() => {
    // A value set from outside (a reset, a record loaded) shows; one typed here keeps its text.
    setText((current) => (centimesOf(current) === field.value ? current : francsOf(field.value)));
  }, [field.value]);
  const invalid = fieldState.invalid || (text.trim() !== '' && centimesOf(text) === null);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(centimesOf(event.target.value));
      }}
      onBlur={field.onBlur}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">CHF</InputAdornment> },
      }}
      sx={sx}
    />
  );
};
