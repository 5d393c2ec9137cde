import type { z } from 'zod';

/**
 * Client validation that mirrors the zod schemas of domain/ (the server validates with the same ones),
 * shaped as react-admin's form-level `validate` result: nested by field path, each leaf a translation
 * key or `{message, args}`. react-admin translates them where the field shows its error.
 */

export type ValidationMessage = string | { message: string; args: Record<string, unknown> };
export type FormErrors = { [key: string]: ValidationMessage | FormErrors };

/** Per field path (`generalInfos.tagName`), the message for a format or rule the field breaks. */
export type FieldRuleMessages = Readonly<Record<string, string>>;

const GENERIC_INVALID = 'resources.shared.validation.invalid';

type Issue = z.core.$ZodIssue;

/** A bound on a number is a value ("Must be at least 0"), on a string or list a length. */
const isNumeric = (origin: string): boolean => origin === 'number' || origin === 'int' || origin === 'bigint';

const messageOf = (issue: Issue, fieldRules: FieldRuleMessages): ValidationMessage => {
  const path = issue.path.join('.');
  switch (issue.code) {
    case 'invalid_type':
      // A missing value (null, undefined) where one is needed.
      return 'ra.validation.required';
    case 'too_small':
      if (isNumeric(issue.origin)) return { message: 'ra.validation.minValue', args: { min: Number(issue.minimum) } };
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? 'ra.validation.required'
        : { message: 'ra.validation.minLength', args: { min: Number(issue.minimum) } };
    case 'too_big':
      if (isNumeric(issue.origin)) return { message: 'ra.validation.maxValue', args: { max: Number(issue.maximum) } };
      return { message: 'ra.validation.maxLength', args: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return 'ra.validation.email';
      return fieldRules[path] ?? GENERIC_INVALID;
    default:
      return fieldRules[path] ?? GENERIC_INVALID;
  }
};

/** Puts `message` at `path` in `errors`, keeping the first message of a field. */
const setAtPath = (errors: FormErrors, path: readonly PropertyKey[], message: ValidationMessage) => {
  let node = errors;
  path.forEach((segment, index) => {
    const key = String(segment);
    if (index === path.length - 1) {
      node[key] ??= message;
      return;
    }
    const child = node[key];
    if (typeof child !== 'object' || child === null || 'message' in child) node[key] = {};
    node = node[key] as FormErrors;
  });
};

/** The schema's problems with `values` as react-admin form errors (empty object when valid). */
export function zodFormErrors(schema: z.ZodType, values: unknown, fieldRules: FieldRuleMessages = {}): FormErrors {
  const result = schema.safeParse(values);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    if (issue.path.length > 0) setAtPath(errors, issue.path, messageOf(issue, fieldRules));
  }
  return errors;
}

/** Adds flat `field.path → message` problems (e.g. domain/user.ts scopeFieldsProblems) to form errors. */
export function withProblems(errors: FormErrors, problems: Readonly<Record<string, ValidationMessage>>): FormErrors {
  for (const [path, message] of Object.entries(problems)) setAtPath(errors, path.split('.'), message);
  return errors;
}
