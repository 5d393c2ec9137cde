import type { z } from 'zod';
import { WEEK_DAYS } from '../../../domain/enums';
import { withProblems, zodFormErrors, type FieldRuleMessages, type FormErrors } from '../../shared/zodValidation';

/** Messages for the formats and rules the partner schemas check (domain/partner.ts, domain/schedule.ts). */
const CONTACT_RULES = (section: string): FieldRuleMessages => ({
  [`${section}.phone`]: 'resources.partners.validation.phone',
  [`${section}.urlBilletterie`]: 'resources.partners.validation.url',
  [`${section}.urlSite`]: 'resources.partners.validation.url',
});

const OPEN_DAY_RULES: FieldRuleMessages = Object.fromEntries(
  WEEK_DAYS.flatMap((day) => [
    [`generalInfos.workSchedules.${day}.startTime`, 'resources.partners.validation.requiredOnOpenDay'],
    [`generalInfos.workSchedules.${day}.endTime`, 'resources.partners.validation.requiredOnOpenDay'],
  ]),
);

export const PARTNER_FIELD_RULES: FieldRuleMessages = {
  ...CONTACT_RULES('generalInfos'),
  ...OPEN_DAY_RULES,
  'additionalInfos.tarifMin': 'resources.partners.validation.twoDecimals',
  'additionalInfos.tarifMax': 'resources.partners.validation.twoDecimals',
};

/**
 * Form-level validation over a domain schema. Rules across fields (price order, coordinates given as a
 * pair) are checked here too: zod checks them only once every field parses, and the user should see them
 * together with the rest.
 */
export const partnerValidator =
  (schema: z.ZodType, crossFieldProblems: (values: Record<string, unknown>) => Record<string, string> = () => ({})) =>
  (values: Record<string, unknown>): FormErrors =>
    withProblems(
      withProblems({}, crossFieldProblems(values)),
      flatten(zodFormErrors(schema, values, PARTNER_FIELD_RULES)),
    );

type Message = FormErrors[string];

/**
 * Nested form errors → `path → message`, so they can be added after the cross-field ones (the first message
 * of a field wins).
 */
const flatten = (errors: FormErrors, prefix = ''): Record<string, Exclude<Message, FormErrors>> => {
  const flat: Record<string, Exclude<Message, FormErrors>> = {};
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || 'message' in value) flat[path] = value as Exclude<Message, FormErrors>;
    else Object.assign(flat, flatten(value, path));
  }
  return flat;
};

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** tarifMin ≤ tarifMax (domain/establishment.ts), on the maximum. */
export const tarifOrderProblems = (additionalInfos: unknown): Record<string, string> => {
  const infos = (additionalInfos ?? {}) as { tarifMin?: unknown; tarifMax?: unknown };
  const min = numberOrNull(infos.tarifMin);
  const max = numberOrNull(infos.tarifMax);
  return min !== null && max !== null && min > max
    ? { 'additionalInfos.tarifMax': 'resources.partners.validation.tarifOrder' }
    : {};
};

/** Latitude and longitude come together or not at all, on the one that is missing. */
export const coordinatesProblems = (generalInfos: unknown): Record<string, string> => {
  const infos = (generalInfos ?? {}) as { lat?: unknown; lang?: unknown };
  const hasLat = numberOrNull(infos.lat) !== null;
  const hasLang = numberOrNull(infos.lang) !== null;
  if (hasLat === hasLang) return {};
  return { [`generalInfos.${hasLat ? 'lang' : 'lat'}`]: 'resources.partners.validation.coordinatesPair' };
};
