import { z } from 'zod';
import { localDateSchema } from './event';
import { LANGUAGES, type Language } from './languages';
import { idSchema, optionalText, recordVersionSchema, requiredText } from './records';

/**
 * Billing (docs/billing.md): partners (an establishment or a promoter group) subscribe to a plan; each period
 * of a subscription is invoiced once, with Swiss VAT and a Swiss QR-bill. Amounts are integer centimes
 * everywhere; dates are calendar days in Europe/Zurich (`YYYY-MM-DD`).
 */

export const BILLING_INTERVALS = ['MONTH', 'YEAR'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const PARTNER_KINDS = ['ESTABLISHMENT', 'PROMOTER_GROUP'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** ACTIVE until its end; ENDED once a cancellation at a period's end has taken effect. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'ENDED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Stored: OPEN, PAID, CANCELLED. OVERDUE is never stored: an OPEN invoice past its due date reads as OVERDUE,
 * so the status is right on every day without a job having to run first.
 */
export const INVOICE_STATUSES = ['OPEN', 'PAID', 'OVERDUE', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const STORED_INVOICE_STATUSES = ['OPEN', 'PAID', 'CANCELLED'] as const;

/** A sent invoice is never edited: a CREDIT_NOTE cancels it (and a new invoice may follow). */
export const INVOICE_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const BILLING_LIMITS = {
  planName: 80,
  planDescription: 500,
  /** CHF 1,000,000.00 per period, far above any plan. */
  priceCentimes: 100_000_000,
  exclusiveOffersPerMonth: 10_000,
  /** QR-bill address fields (Swiss Implementation Guidelines QR-bill, structured address "S"). */
  addressName: 70,
  street: 70,
  buildingNumber: 16,
  postalCode: 16,
  town: 35,
  email: 254,
  lineDescription: 200,
  lineQuantity: 1000,
  lines: 50,
  /** Days between an invoice's date and its due date. */
  paymentDays: 30,
  /** A camt.054 file larger than this is refused (a bank's daily file is a few hundred kilobytes). */
  camtBytes: 5_000_000,
} as const;

export const CURRENCY = 'CHF' as const;

// ---- Swiss VAT, as dated data ----------------------------------------------------------------------------

/**
 * The Swiss standard VAT rate by the day it took effect, in basis points (810 = 8.1 %). The rate of an invoice is
 * the one in force on its date (`issuedOn`). A future change is one more row here, dated.
 */
export const SWISS_VAT_RATES: readonly { validFrom: string; basisPoints: number }[] = [
  { validFrom: '1995-01-01', basisPoints: 650 },
  { validFrom: '1999-01-01', basisPoints: 750 },
  { validFrom: '2001-01-01', basisPoints: 760 },
  { validFrom: '2011-01-01', basisPoints: 800 },
  { validFrom: '2018-01-01', basisPoints: 770 },
  { validFrom: '2024-01-01', basisPoints: 810 },
];

/** The standard rate in force on a day (`YYYY-MM-DD`), in basis points. */
export function vatBasisPointsOn(day: string): number {
  const rate = [...SWISS_VAT_RATES].reverse().find((candidate) => candidate.validFrom <= day);
  if (!rate) throw new RangeError(`No Swiss VAT rate known for ${day}`);
  return rate.basisPoints;
}

/** The rate as the record shows it: a percentage (8.1). */
export const vatPercentOf = (basisPoints: number): number => basisPoints / 100;

/** Half away from zero, so a credit note's amounts mirror its invoice's exactly. */
const roundHalfAwayFromZero = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/** VAT on a net amount, to the centime (integer arithmetic: no floating-point drift on large amounts). */
export function vatCentimesOf(netCentimes: number, basisPoints: number): number {
  const product = Math.abs(netCentimes) * basisPoints;
  const whole = Math.floor(product / 10_000);
  const rest = product - whole * 10_000;
  return Math.sign(netCentimes) * (rest >= 5_000 ? whole + 1 : whole);
}

/** Swiss cash rounding: a payable total is a multiple of 5 centimes (half away from zero). */
export const roundToFiveCentimes = (centimes: number): number => roundHalfAwayFromZero(centimes / 5) * 5;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCentimes: number;
  amountCentimes: number;
}

export interface InvoiceTotals {
  subtotalCentimes: number;
  /** Percent, as in force on the invoice's date: 8.1. */
  vatRate: number;
  vatCentimes: number;
  /** What the 5-centime rounding added to (or took from) subtotal + VAT: between −2 and +2. */
  roundingCentimes: number;
  totalCentimes: number;
}

export const lineAmountOf = (quantity: number, unitCentimes: number): number => quantity * unitCentimes;

/** Totals of an invoice's lines on its date: VAT on the subtotal, then the total rounded to 5 centimes. */
export function invoiceTotalsOf(
  lines: readonly Pick<InvoiceLine, 'amountCentimes'>[],
  issuedOn: string,
): InvoiceTotals {
  const subtotalCentimes = lines.reduce((sum, line) => sum + line.amountCentimes, 0);
  const basisPoints = vatBasisPointsOn(issuedOn);
  const vatCentimes = vatCentimesOf(subtotalCentimes, basisPoints);
  const exact = subtotalCentimes + vatCentimes;
  const totalCentimes = roundToFiveCentimes(exact);
  return {
    subtotalCentimes,
    vatRate: vatPercentOf(basisPoints),
    vatCentimes,
    roundingCentimes: totalCentimes - exact,
    totalCentimes,
  };
}

// ---- periods and numbers ---------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const utcOf = (day: string): Date => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(new Date(utcOf(day).getTime() + days * DAY_MS));

/**
 * The next period's first day: one month or one year later, on the same day of the month where it exists, else
 * the month's last day plus one (a subscription started on 31 January runs to 28/29 February, then from 1 March).
 */
export function nextPeriodStartOf(periodStart: string, interval: BillingInterval): string {
  const start = utcOf(periodStart);
  const months = interval === 'MONTH' ? 1 : 12;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  if (start.getUTCDate() <= lastDay) target.setUTCDate(start.getUTCDate());
  else target.setUTCDate(lastDay + 1);
  return dayOf(target);
}

/** A period's last day (both ends included). */
export const periodEndOf = (periodStart: string, interval: BillingInterval): string =>
  addDays(nextPeriodStartOf(periodStart, interval), -1);

export const dueOnOf = (issuedOn: string): string => addDays(issuedOn, BILLING_LIMITS.paymentDays);

/** `2026-00042`: the year of the invoice's date and its place in that year's gap-free sequence. */
export const formatInvoiceNumber = (year: number, sequence: number): string =>
  `${year}-${String(sequence).padStart(5, '0')}`;

/** OVERDUE is an OPEN invoice whose due date has passed (today in Europe/Zurich). */
export function invoiceStatusOn(stored: (typeof STORED_INVOICE_STATUSES)[number], dueOn: string, today: string) {
  return stored === 'OPEN' && dueOn < today ? 'OVERDUE' : stored;
}

// ---- records ---------------------------------------------------------------------------------------------

const centimesSchema = z.number().int().min(0).max(BILLING_LIMITS.priceCentimes);

/** A plan's name in each interface language (all four required: invoices are written in the partner's). */
export const planNameSchema = z.object(
  Object.fromEntries(LANGUAGES.map((language) => [language, requiredText(BILLING_LIMITS.planName)])) as Record<
    Language,
    ReturnType<typeof requiredText>
  >,
);
export type PlanName = Record<Language, string>;

/** What a plan includes. `exclusiveOffersPerMonth: null` = no limit. */
export const planFeaturesSchema = z.object({
  proLogo: z.boolean().default(false),
  exclusiveOffersPerMonth: z.number().int().min(0).max(BILLING_LIMITS.exclusiveOffersPerMonth).nullable().default(null),
});
export type PlanFeatures = z.output<typeof planFeaturesSchema>;

export const planInputSchema = z.object({
  name: planNameSchema,
  description: optionalText(BILLING_LIMITS.planDescription),
  priceCentimes: centimesSchema,
  interval: z.enum(BILLING_INTERVALS),
  features: planFeaturesSchema.default({ proLogo: false, exclusiveOffersPerMonth: null }),
  /** An inactive plan is kept for its subscriptions but offered to no new one. */
  isActive: z.boolean().default(true),
});
export type PlanInput = z.output<typeof planInputSchema>;

export interface Plan extends PlanInput {
  id: number;
  /** Subscriptions on this plan that have not ended. */
  activeSubscriptions: number;
  version: number;
}

/** Country codes: ISO 3166-1 alpha-2, upper-case. */
const countrySchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Two-letter country code (CH, LI, …)'));

/**
 * The partner's billing address, structured as QR-bills require since November 2025: street and building number
 * apart, postal code and town apart.
 */
export const billingAddressSchema = z.object({
  name: requiredText(BILLING_LIMITS.addressName),
  street: requiredText(BILLING_LIMITS.street),
  buildingNumber: optionalText(BILLING_LIMITS.buildingNumber),
  postalCode: requiredText(BILLING_LIMITS.postalCode),
  town: requiredText(BILLING_LIMITS.town),
  country: countrySchema.default('CH'),
});
export type BillingAddress = z.output<typeof billingAddressSchema>;

/**
 * Who is paid: the platform's operator, from the server's configuration (BILLING_* variables, docs/billing.md).
 * A QR-IBAN (institution id 30000–31999) takes a 27-digit QR reference; a plain IBAN an ISO 11649 creditor
 * reference (RF…).
 */
export interface Creditor extends BillingAddress {
  iban: string;
}

export const partnerReferenceSchema = z.object({ kind: z.enum(PARTNER_KINDS), id: idSchema });
export type PartnerReference = z.output<typeof partnerReferenceSchema>;

export const subscriptionCreateSchema = z.object({
  partner: partnerReferenceSchema,
  planId: idSchema,
  /** The first period's first day; today (Europe/Zurich) when left out. */
  startsOn: localDateSchema.optional(),
  billingAddress: billingAddressSchema,
  /** Where invoices and reminders are sent. */
  invoiceEmail: z.string().trim().email().max(BILLING_LIMITS.email),
  /** The language of its invoices and mails. */
  language: z.enum(LANGUAGES),
});
export type SubscriptionCreateInput = z.output<typeof subscriptionCreateSchema>;

/**
 * A change: a new plan takes effect from the next period (`nextPlanId` until then); `cancelAtPeriodEnd` ends the
 * subscription after its current period (and may be taken back before then).
 */
export const subscriptionUpdateSchema = z.object({
  planId: idSchema,
  cancelAtPeriodEnd: z.boolean(),
  billingAddress: billingAddressSchema,
  invoiceEmail: z.string().trim().email().max(BILLING_LIMITS.email),
  language: z.enum(LANGUAGES),
  version: recordVersionSchema,
});
export type SubscriptionUpdateInput = z.output<typeof subscriptionUpdateSchema>;

export interface PartnerSummary {
  kind: PartnerKind;
  id: number;
  name: string;
}

export interface Subscription {
  id: number;
  partner: PartnerSummary;
  /** The plan of the current period. */
  planId: number;
  /** The plan from the next period on, when a change is planned. */
  nextPlanId: number | null;
  status: SubscriptionStatus;
  startsOn: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** The last day, once cancelled (the current period's end) or ended. */
  endsOn: string | null;
  billingAddress: BillingAddress;
  invoiceEmail: string;
  language: Language;
  /** Active, its first invoice paid and none overdue: what `hasPaidSubscription` and the plan's features follow. */
  isPaid: boolean;
  /** The current period's invoice, unless none was created yet (or it was cancelled by a credit note). */
  currentPeriodInvoiceId: number | null;
  version: number;
}

export interface Invoice {
  id: number;
  number: string;
  kind: InvoiceKind;
  partner: PartnerSummary & { address: BillingAddress };
  lines: InvoiceLine[];
  subtotalCentimes: number;
  vatRate: number;
  vatCentimes: number;
  roundingCentimes: number;
  totalCentimes: number;
  currency: typeof CURRENCY;
  status: InvoiceStatus;
  issuedOn: string;
  dueOn: string;
  subscriptionId: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** The QR reference (27 digits) or creditor reference (RF…) the payment must carry. */
  reference: string;
  language: Language;
  /** A credit note: the invoice it cancels. An invoice: its credit note, if cancelled. */
  creditsInvoiceId: number | null;
  creditNoteId: number | null;
  paidOn: string | null;
  remindersSent: number;
  lastReminderOn: string | null;
  version: number;
}

/** `POST /invoices` (ROOT): the invoice of a subscription's period, the current one when left out. */
export const invoiceCreateSchema = z.object({
  subscriptionId: idSchema,
  periodStart: localDateSchema.optional(),
});
export type InvoiceCreateInput = z.output<typeof invoiceCreateSchema>;

/** `POST /invoices/:id/mark-paid`: the day the money arrived (today when left out). */
export const markPaidSchema = z.object({
  paidOn: localDateSchema.optional(),
  version: recordVersionSchema.optional(),
});
export type MarkPaidInput = z.output<typeof markPaidSchema>;

export const creditNoteSchema = z.object({
  reason: requiredText(BILLING_LIMITS.lineDescription),
  version: recordVersionSchema.optional(),
});
export type CreditNoteInput = z.output<typeof creditNoteSchema>;

/** The answer of a camt.054 import: which credits paid which invoice, and which matched none. */
export interface PaymentImportReply {
  matched: { invoiceId: number; number: string; reference: string; amountCentimes: number; paidOn: string }[];
  unmatched: {
    reference: string | null;
    amountCentimes: number;
    bookedOn: string | null;
    reason: 'UNKNOWN_REFERENCE' | 'AMOUNT_MISMATCH' | 'NOT_OPEN';
  }[];
}

/** Refusal codes of the billing actions (409 unless said otherwise). */
export const BILLING_ERROR_CODES = {
  alreadyInvoiced: 'ALREADY_INVOICED',
  notOpen: 'INVOICE_NOT_OPEN',
  creditNoteNotPayable: 'CREDIT_NOTE_NOT_PAYABLE',
  subscriptionEnded: 'SUBSCRIPTION_ENDED',
  partnerSubscribed: 'PARTNER_ALREADY_SUBSCRIBED',
  planInactive: 'PLAN_INACTIVE',
  periodOutsideSubscription: 'PERIOD_OUTSIDE_SUBSCRIPTION',
  creditorMissing: 'BILLING_CREDITOR_NOT_CONFIGURED',
  notOverdue: 'INVOICE_NOT_OVERDUE',
  /** 400 on `partner` / `startsOn`: a subscription keeps the partner and the first day it was created with. */
  fixedAfterCreate: 'FIXED_AFTER_CREATE',
} as const;

// ---- what the resources take (docs/billing.md "API") --------------------------------------------------------

/** `POST /plans` and `PUT /plans/:id` (the version required on PUT). */
export const planWriteSchema = planInputSchema.extend({ version: recordVersionSchema.optional() });
export type PlanWriteInput = z.output<typeof planWriteSchema>;

/**
 * `POST /subscriptions` and `PUT /subscriptions/:id` through one schema (the generic resource validates both
 * with one): a create needs `partner` (`subscriptionCreateSchema`), a replace `cancelAtPeriodEnd` and `version`
 * (`subscriptionUpdateSchema`); a replace that names another partner or first day is refused (FIXED_AFTER_CREATE).
 */
export const subscriptionWriteSchema = subscriptionCreateSchema.extend({
  partner: partnerReferenceSchema.optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  version: recordVersionSchema.optional(),
});
export type SubscriptionWriteInput = z.output<typeof subscriptionWriteSchema>;

/** An invoice list's `status` filter: one status or several (OVERDUE included). */
export const invoiceStatusFilterSchema = z.union([
  z.enum(INVOICE_STATUSES),
  z.array(z.enum(INVOICE_STATUSES)).min(1).max(INVOICE_STATUSES.length),
]);
