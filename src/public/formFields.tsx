import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FilledInput, FormControl, FormHelperText, InputLabel } from '@mui/material';
import { styled } from '@mui/material/styles';
import { usePageTranslate } from './pageText';

/**
 * The public pages' forms without react-admin, shown and behaving as react-admin's <Form> and <TextInput>
 * did there: the theme's filled, dense field, a required field's label marked " *", errors under the field
 * once the form was submitted and re-checked on every change after that, the first wrong field focused,
 * the browser's own check of an email field kept, and a message in the helper line's place (a blank line
 * kept when there is none, so that the form does not jump).
 */

/** A message key and its values, or nothing when the value is right. */
export type FieldError = { key: string; options?: Record<string, unknown> } | undefined;
export type Validator<Values> = (value: string, values: Values) => FieldError;

// react-admin's validators (ra-core's validate.ts), with its messages.
const EMAIL = /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
export const required = (value: string): FieldError => (value === '' ? { key: 'ra.validation.required' } : undefined);
export const email = (value: string): FieldError =>
  value === '' || EMAIL.test(value) ? undefined : { key: 'ra.validation.email' };
export const minLength =
  (min: number) =>
  (value: string): FieldError =>
    value !== '' && value.length < min ? { key: 'ra.validation.minLength', options: { min } } : undefined;
export const maxLength =
  (max: number) =>
  (value: string): FieldError =>
    value !== '' && value.length > max ? { key: 'ra.validation.maxLength', options: { max } } : undefined;

export type FormValues = Record<string, string>;
/** Errors the submit handler found with the server's answer: message keys by field. */
export type SubmissionErrors<Values> = Partial<Record<keyof Values, string>> | undefined | void;

type Rules<Values> = Partial<Record<keyof Values & string, Array<Validator<Values>>>>;

export function useSimpleForm<Values extends FormValues>(
  initialValues: Values,
  rules: Rules<Values>,
  onSubmit: (values: Values) => Promise<SubmissionErrors<Values>>,
) {
  const [values, setValues] = useState(initialValues);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const fieldsRef = useRef(new Map<string, HTMLInputElement | null>());

  const errorOf = (name: keyof Values & string, current: Values): FieldError => {
    for (const validate of rules[name] ?? []) {
      const error = validate(current[name], current);
      if (error) return error;
    }
    const server = serverErrors[name];
    return server ? { key: server } : undefined;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    setServerErrors({});
    const names = Object.keys(rules) as Array<keyof Values & string>;
    const wrong = names.find((name) => (rules[name] ?? []).some((validate) => validate(values[name], values)));
    if (wrong) {
      fieldsRef.current.get(wrong)?.focus();
      return;
    }
    const errors = await onSubmit(values);
    if (errors) setServerErrors(errors);
  };

  /** The props of one field: its value, its change handler, its error once the form was submitted. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    isRequired: (rules[name] ?? []).includes(required as Validator<Values>),
    error: isSubmitted ? errorOf(name, values) : undefined,
    inputRef: (element: HTMLInputElement | null) => void fieldsRef.current.set(name, element),
    onChange: (value: string) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      setServerErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  return { values, field, handleSubmit };
}

export interface FormFieldProps {
  name: string;
  value: string;
  label: string;
  isRequired: boolean;
  error: FieldError;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}

const BLANK_HELPER = { __html: '&#8203;' };

/**
 * MUI's TextField as the theme sets it up (filled, dense, small, full width), built from its parts as
 * TextField itself renders them: TextField would also bring the outlined and standard inputs and the select
 * with its menu, which no public page shows. The root takes TextField's name, so the theme's styles for
 * TextField apply to it as before.
 */
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

/** One text field as react-admin's <TextInput> shows it. */
export const FormField = ({
  name,
  value,
  label,
  isRequired,
  error,
  inputRef,
  onChange,
  helperText,
  type,
  autoComplete,
  autoFocus = false,
}: FormFieldProps) => {
  const translate = usePageTranslate();
  const helper = error ? (
    translate(error.key, { _: error.key, ...error.options })
  ) : helperText ? (
    helperText
  ) : (
    <span dangerouslySetInnerHTML={BLANK_HELPER} />
  );
  const helperTextId = `${name}-helper-text`;
  return (
    <TextFieldRoot
      className={`MuiTextField-root ra-input ra-input-${name}`}
      variant="filled"
      margin="dense"
      size="small"
      fullWidth
      error={Boolean(error)}
    >
      <InputLabel htmlFor={name} id={`${name}-label`}>
        <span>
          {translate(label)}
          {isRequired && <span aria-hidden="true">&thinsp;*</span>}
        </span>
      </InputLabel>
      <FilledInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth
        name={name}
        type={type}
        value={value}
        id={name}
        inputRef={inputRef}
        onChange={(event) => onChange(event.target.value)}
      />
      <FormHelperText id={helperTextId}>{helper}</FormHelperText>
    </TextFieldRoot>
  );
};
