import { z } from 'zod';
import { PROMO_CODE_DEFAULT_MAX_USAGE_COUNT, PROMO_DISCOUNT_KINDS, type PromoDiscountKind } from './enums';
import { localDateSchema } from './event';
import { localDateOf } from './recurrence';
import { idSchema, optionalId, optionalText, recordVersionSchema, requiredText } from './records';

/**
 * Promo codes and their templates (docs/data-model.md "Promo codes"). A template says what a family of codes
 * grants and when; a code is what a customer types. Codes are case-insensitive: stored and compared upper-case.
 */

export const PROMO_CODE_LIMITS = {
  codeMin: 3,
  codeMax: 64,
  /** The most codes one bulk creation makes. */
  batchMax: 1000,
  /** A prefix leaves room for the generated part within `codeMax`. */
  prefixMax: 40,
  /** Characters of a generated code after its prefix: 31^8 ≈ 8.5 · 10^11 codes, too many to guess. */
  generatedLength: 8,
  maxUsageCount: 1_000_000,
  name: 120,
  description: 2000,
  html: 20_000,
  /** CHF, as `numeric(10,2)` holds it. */
  fixedAmountMax: 99_999_999,
} as const;

/** What a typed code may contain: letters, digits, hyphen and underscore (after upper-casing). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/**
 * The characters of generated codes: no 0/O, 1/I/L, which people misread when they copy a code from a flyer.
 * Typed codes may still use them.
 */
export const GENERATED_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as stored: trimmed and upper-cased, so `summer-20` and `SUMMER-20` are one code. */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

/** `random(n)` answers a whole number in [0, n): crypto-strong by default (browser and Node alike). */
export type RandomIndex = (bound: number) => number;

/** Web Crypto, in browsers and in Node alike (domain/ is typed without either's library). */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint32Array): Uint32Array } }).crypto;

const cryptoRandomIndex: RandomIndex = (bound) => {
  // Rejection sampling: no character is likelier than another.
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    webCrypto.getRandomValues(buffer);
    if (buffer[0] < limit) return buffer[0] % bound;
  }
};

/** A new code: the prefix (normalised) and `generatedLength` unambiguous characters. */
export function generatePromoCode(prefix = '', random: RandomIndex = cryptoRandomIndex): string {
  let generated = '';
  for (let index = 0; index < PROMO_CODE_LIMITS.generatedLength; index += 1) {
    generated += GENERATED_CODE_ALPHABET[random(GENERATED_CODE_ALPHABET.length)];
  }
  return `${normalizePromoCode(prefix)}${generated}`;
}

const CODE_CHARACTERS_MESSAGE = 'Letters, digits, "-" and "_" only';

/** A typed code: normalised, then 3–64 characters of the code alphabet. */
export const promoCodeTextSchema = z
  .string()
  .transform(normalizePromoCode)
  .pipe(
    z
      .string()
      .min(PROMO_CODE_LIMITS.codeMin)
      .max(PROMO_CODE_LIMITS.codeMax)
      .regex(PROMO_CODE_PATTERN, CODE_CHARACTERS_MESSAGE),
  );

/** A prefix for bulk creation: empty, or up to `prefixMax` characters of the code alphabet. */
export const promoCodePrefixSchema = z
  .string()
  .transform(normalizePromoCode)
  .pipe(
    z
      .string()
      .max(PROMO_CODE_LIMITS.prefixMax)
      .regex(/^[A-Z0-9_-]*$/, CODE_CHARACTERS_MESSAGE),
  );

const maxUsageCountSchema = z.number().int().min(1).max(PROMO_CODE_LIMITS.maxUsageCount);

// ---- status ------------------------------------------------------------------------------------------

/**
 * What a code can do now, first match wins: switched off by staff; every use taken; the template's validity
 * over; not begun; else usable.
 */
export const PROMO_CODE_STATUSES = ['DISABLED', 'USED_UP', 'EXPIRED', 'NOT_YET_VALID', 'ACTIVE'] as const;
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number];

export interface PromoCodeStatusInput {
  isDisabled: boolean;
  usageCount: number;
  maxUsageCount: number;
  /** The template's validity, `YYYY-MM-DD` (Europe/Zurich days, both inclusive); null is open. */
  validFrom: string | null;
  validUntil: string | null;
}

/** Today's date in Europe/Zurich, the calendar that validity dates are written in. */
export const zurichToday = (now: Date = new Date()): string => localDateOf(now.toISOString());

/** The status of a code on the Europe/Zurich day `today` (`YYYY-MM-DD`). */
export function promoCodeStatus(code: PromoCodeStatusInput, today: string): PromoCodeStatus {
  if (code.isDisabled) return 'DISABLED';
  if (code.usageCount >= code.maxUsageCount) return 'USED_UP';
  if (code.validUntil !== null && code.validUntil < today) return 'EXPIRED';
  if (code.validFrom !== null && code.validFrom > today) return 'NOT_YET_VALID';
  return 'ACTIVE';
}

// ---- promo codes -------------------------------------------------------------------------------------

/**
 * What a client sends (POST and PUT). An empty or missing `code` is generated by the server. `usageCount` and
 * `status` are read-only: sent back with a PUT, they are ignored.
 */
export const promoCodeInputSchema = z.object({
  code: z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
    promoCodeTextSchema.nullable(),
  ),
  maxUsageCount: maxUsageCountSchema.default(PROMO_CODE_DEFAULT_MAX_USAGE_COUNT),
  promoCodeTemplateId: idSchema,
  isDisabled: z.boolean().default(false),
  /** Required on PUT (optimistic concurrency); ignored on POST. */
  version: recordVersionSchema.optional(),
});
export type PromoCodeInput = z.output<typeof promoCodeInputSchema>;

export const promoCodeSchema = z.object({
  id: idSchema,
  code: z.string(),
  maxUsageCount: z.number().int(),
  usageCount: z.number().int(),
  promoCodeTemplateId: idSchema,
  status: z.enum(PROMO_CODE_STATUSES),
  isDisabled: z.boolean(),
  version: recordVersionSchema,
});
export type PromoCode = z.output<typeof promoCodeSchema>;

/** `POST /promo-codes/batch`: `count` new codes, each the prefix and generated characters. */
export const promoCodeBatchSchema = z.object({
  count: z.number().int().min(1).max(PROMO_CODE_LIMITS.batchMax),
  prefix: z.preprocess((value) => value ?? '', promoCodePrefixSchema),
  maxUsageCount: maxUsageCountSchema.default(PROMO_CODE_DEFAULT_MAX_USAGE_COUNT),
  promoCodeTemplateId: idSchema,
});
export type PromoCodeBatch = z.output<typeof promoCodeBatchSchema>;
export type PromoCodeBatchInput = z.input<typeof promoCodeBatchSchema>;

/** `POST /promo-codes/redeem`: the code as the customer typed it (any case). */
export const promoCodeRedeemSchema = z.object({
  code: z.string().max(PROMO_CODE_LIMITS.codeMax * 2),
});

export const promoCodeRedemptionSchema = z.object({ promoCodeId: idSchema, usageCount: z.number().int() });
export type PromoCodeRedemption = z.output<typeof promoCodeRedemptionSchema>;

// ---- promo code templates ----------------------------------------------------------------------------

const discountValueSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.number().positive().max(PROMO_CODE_LIMITS.fixedAmountMax).multipleOf(0.01).nullable(),
);

/** What a client sends (POST and PUT); the server sanitises `htmlDescription`. */
export const promoCodeTemplateInputSchema = z
  .object({
    name: requiredText(PROMO_CODE_LIMITS.name),
    description: optionalText(PROMO_CODE_LIMITS.description),
    htmlDescription: optionalText(PROMO_CODE_LIMITS.html),
    discountKind: z.enum(PROMO_DISCOUNT_KINDS),
    /** A percentage (0–100], an amount in CHF, or null for FREE_ENTRY. */
    discountValue: discountValueSchema,
    validFrom: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      localDateSchema.nullable(),
    ),
    validUntil: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      localDateSchema.nullable(),
    ),
    establishmentId: optionalId,
    promoterGroupId: optionalId,
    version: recordVersionSchema.optional(),
  })
  .superRefine((input, context) => {
    const problem = discountValueProblem(input.discountKind, input.discountValue);
    if (problem) context.addIssue({ code: 'custom', path: ['discountValue'], message: problem });
    if (input.validFrom !== null && input.validUntil !== null && input.validUntil < input.validFrom)
      context.addIssue({ code: 'custom', path: ['validUntil'], message: 'Ends before it begins' });
  });
export type PromoCodeTemplateInput = z.output<typeof promoCodeTemplateInputSchema>;

/** Why a discount value does not fit its kind (null: it fits). */
export function discountValueProblem(kind: PromoDiscountKind, value: number | null): string | null {
  if (kind === 'FREE_ENTRY') return value === null ? null : 'A free entry has no value';
  if (value === null) return 'Required';
  if (kind === 'PERCENTAGE' && value > 100) return 'At most 100 %';
  return null;
}

export const promoCodeTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  htmlDescription: z.string().nullable(),
  discountKind: z.enum(PROMO_DISCOUNT_KINDS),
  discountValue: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  establishmentId: idSchema.nullable(),
  promoterGroupId: idSchema.nullable(),
  version: recordVersionSchema,
});
export type PromoCodeTemplate = z.output<typeof promoCodeTemplateSchema>;
