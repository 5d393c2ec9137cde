import type { z } from 'zod';
import {
  EVENT_PROBLEMS,
  EVENT_SECTIONS,
  eventInputSchema,
  type EventFlow,
  type EventSection,
} from '../../domain/event';
import { COORDINATES_PAIR_PROBLEM, TARIF_ORDER_PROBLEM } from '../../domain/partner';
import { withProblems, type FormErrors, type ValidationMessage } from '../shared/zodValidation';

/**
 * The steppers' validation: the server's schema (domain/event.ts eventInputSchema), one section at a time.
 * zod runs the rules across fields (dates, prices, the owner) only once every field of the object parses,
 * so each section is checked inside a record whose other sections are valid: a step shows its own rules
 * as soon as its fields are filled in, whatever the later steps hold.
 */

/** Valid stand-ins for the sections not being checked. */
const VALID_SECTIONS: Record<EventSection, unknown> = {
  generalInfos: { establishmentId: 1, eventType: { id: 1 }, eventTitle: 'valid' },
  dateAndCalendar: { startDate: '2030-01-01', startTime: '20:00', endTime: '22:00' },
  descriptionAndMedia: undefined,
  description: undefined,
};

const PROBLEM_CODES: ReadonlySet<string> = new Set(Object.values(EVENT_PROBLEMS));

/** The rules written as sentences in domain/partner.ts, read as the partner forms' messages. */
const PARTNER_PROBLEM_KEYS: Readonly<Record<string, string>> = {
  [TARIF_ORDER_PROBLEM]: 'resources.partners.validation.tarifOrder',
  [COORDINATES_PAIR_PROBLEM]: 'resources.partners.validation.coordinatesPair',
};

/** Formats whose generic message would not help: which format the field wants. */
const FIELD_FORMATS: Readonly<Record<string, string>> = {
  'generalInfos.urlBilletterie': 'resources.partners.validation.url',
  'descriptionAndMedia.urlCarte': 'resources.partners.validation.url',
  'generalInfos.tarifMin': 'resources.partners.validation.twoDecimals',
  'generalInfos.tarifMax': 'resources.partners.validation.twoDecimals',
};

/** A server or schema message as a translation key: the sentence of an EVENT_PROBLEMS code, else itself. */
export const eventProblemKey = (message: string): string => {
  if (PROBLEM_CODES.has(message)) return `resources.events.problems.${message}`;
  return PARTNER_PROBLEM_KEYS[message] ?? message;
};

const valueAt = (values: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    values,
  );

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

const messageOf = (issue: z.core.$ZodIssue, values: unknown): ValidationMessage => {
  const path = issue.path.join('.');
  if (PROBLEM_CODES.has(issue.message) || PARTNER_PROBLEM_KEYS[issue.message]) return eventProblemKey(issue.message);
  if (isEmpty(valueAt(values, issue.path)) || issue.code === 'invalid_type') return 'ra.validation.required';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'ra.validation.required'
          : { message: 'ra.validation.minLength', args: { min: Number(issue.minimum) } };
      return { message: 'ra.validation.minValue', args: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string')
        return { message: 'ra.validation.maxLength', args: { max: Number(issue.maximum) } };
      return { message: 'ra.validation.maxValue', args: { max: Number(issue.maximum) } };
    default:
      return FIELD_FORMATS[path] ?? 'resources.shared.validation.invalid';
  }
};

/** The type picker edits `generalInfos.eventType.id`: a missing type is that field's problem. */
const fieldPathOf = (path: readonly PropertyKey[]): string => {
  const joined = path.join('.');
  return joined === 'generalInfos.eventType' ? 'generalInfos.eventType.id' : joined;
};

/** `path → message` of one section's problems, as the server would find them. */
export const sectionProblems = (
  values: Record<string, unknown>,
  section: EventSection,
  flow: EventFlow,
): Record<string, ValidationMessage> => {
  const candidate = {
    ...VALID_SECTIONS,
    [section]: values[section],
    // A promoter's write is a request, which needs a venue (SAVE_ACTION_OUTCOMES.requestEvent).
    saveAction: flow === 'promoter' ? 'requestEvent' : undefined,
  };
  const result = eventInputSchema.safeParse(candidate);
  const problems: Record<string, ValidationMessage> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    if (issue.path[0] !== section) continue;
    problems[fieldPathOf(issue.path)] ??= messageOf(issue, values);
  }
  return problems;
};

/** react-admin's form-level `validate`: every section's problems, nested by path. */
export const eventValidator =
  (flow: EventFlow) =>
  (values: Record<string, unknown>): FormErrors =>
    EVENT_SECTIONS.reduce(
      (errors, section) => withProblems(errors, sectionProblems(values, section, flow)),
      {} as FormErrors,
    );

/** The section a field path belongs to (`dateAndCalendar.startDate` → dateAndCalendar), if any. */
export const sectionOf = (path: string): EventSection | undefined =>
  EVENT_SECTIONS.find((section) => path === section || path.startsWith(`${section}.`));

/**
 * Server field errors (`{"dateAndCalendar.endDate": "EVENT_ENDS_BEFORE_IT_STARTS"}`) with their codes as
 * translation keys.
 */
export const translateServerErrors = (errors: unknown): unknown => {
  if (errors === null || typeof errors !== 'object') return errors;
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).map(([path, message]) => [
      path,
      typeof message === 'string' ? eventProblemKey(message) : translateServerErrors(message),
    ]),
  );
};
