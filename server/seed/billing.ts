import { eq } from 'drizzle-orm';
import type { Temporal } from 'temporal-polyfill';
import {
  addDays,
  dueOnOf,
  formatInvoiceNumber,
  invoiceTotalsOf,
  nextPeriodStartOf,
  periodEndOf,
  vatBasisPointsOn,
  type BillingAddress,
  type BillingInterval,
  type Creditor,
  type PartnerKind,
  type PlanName,
} from '../../domain/billing';
import type { Language } from '../../domain/languages';
import * as schema from '../db/schema';
import { invoiceReferenceOf } from '../services/billing/references';
import type { Executor } from './sections';

/**
 * The demo's billing (docs/billing.md "Documents, QR-bills and payments files"): three plans; Gleis 7 Club
 * (admin@demo.ch's venue) on Pro monthly for a few months, every invoice paid but the current one, which is open
 * and not yet due, so it is paid; Bar Limmatblick (whose widget shows the pro logo) on Pro yearly, paid; the
 * demo promoter's Nachtwerk Kollektiv on Basic monthly with one overdue invoice (reminded once), so it is not.
 * Periods are calendar months (or a year) from the first of a month, counted back from the seed's `today`, so
 * the states hold whatever day the demo starts: the current period's invoice is due 30 days after its first
 * day, on or after today; the overdue one is two periods back, due long before today.
 */

export interface SeedPlan {
  key: 'basic' | 'pro' | 'proYearly';
  name: PlanName;
  description: string;
  priceCentimes: number;
  interval: BillingInterval;
  proLogo: boolean;
  exclusiveOffersPerMonth: number | null;
}

export const SEED_PLANS: SeedPlan[] = [
  {
    key: 'basic',
    name: { en: 'Basic monthly', fr: 'Basic mensuel', de: 'Basic monatlich', it: 'Basic mensile' },
    description: 'Listing and widget, billed monthly.',
    priceCentimes: 2900,
    interval: 'MONTH',
    proLogo: false,
    exclusiveOffersPerMonth: 0,
  },
  {
    key: 'pro',
    name: { en: 'Pro monthly', fr: 'Pro mensuel', de: 'Pro monatlich', it: 'Pro mensile' },
    description: 'The widget with your own logo and 10 exclusive offers a month, billed monthly.',
    priceCentimes: 7900,
    interval: 'MONTH',
    proLogo: true,
    exclusiveOffersPerMonth: 10,
  },
  {
    key: 'proYearly',
    name: { en: 'Pro yearly', fr: 'Pro annuel', de: 'Pro jährlich', it: 'Pro annuale' },
    description: 'Pro for a year, two months free.',
    priceCentimes: 79_000,
    interval: 'YEAR',
    proLogo: true,
    exclusiveOffersPerMonth: 10,
  },
];

/** What became of each period's invoice, oldest first; the last is the current period's. */
export type InvoiceFate = { paidAfterDays: number; source: 'MANUAL' | 'CAMT054' } | 'OPEN' | 'OVERDUE';

export interface SeedSubscription {
  partner: { kind: PartnerKind; index: number };
  plan: SeedPlan['key'];
  /** The first period starts on the first of the month this many months before today's. */
  monthsAgo: number;
  address: BillingAddress;
  invoiceEmail: string;
  language: Language;
  fates: InvoiceFate[];
}

export const SEED_SUBSCRIPTIONS: SeedSubscription[] = [
  {
    partner: { kind: 'ESTABLISHMENT', index: 0 },
    plan: 'pro',
    monthsAgo: 4,
    address: {
      name: 'Gleis 7 Club',
      street: 'Hardstrasse',
      buildingNumber: '219',
      postalCode: '8005',
      town: 'Zürich',
      country: 'CH',
    },
    invoiceEmail: 'booking@gleis7.example.ch',
    language: 'de',
    fates: [
      { paidAfterDays: 6, source: 'CAMT054' },
      { paidAfterDays: 12, source: 'CAMT054' },
      { paidAfterDays: 3, source: 'MANUAL' },
      { paidAfterDays: 9, source: 'CAMT054' },
      'OPEN',
    ],
  },
  {
    partner: { kind: 'ESTABLISHMENT', index: 2 },
    plan: 'proYearly',
    monthsAgo: 5,
    address: {
      name: 'Bar Limmatblick GmbH',
      street: 'Limmatquai',
      buildingNumber: '82',
      postalCode: '8001',
      town: 'Zürich',
      country: 'CH',
    },
    invoiceEmail: 'hallo@limmatblick.example.ch',
    language: 'en',
    fates: [{ paidAfterDays: 14, source: 'CAMT054' }],
  },
  {
    partner: { kind: 'PROMOTER_GROUP', index: 0 },
    plan: 'basic',
    monthsAgo: 3,
    address: {
      name: 'Verein Nachtwerk Kollektiv',
      street: 'Langstrasse',
      buildingNumber: '120',
      postalCode: '8004',
      town: 'Zürich',
      country: 'CH',
    },
    invoiceEmail: 'crew@nachtwerk.example.ch',
    language: 'fr',
    fates: [{ paidAfterDays: 20, source: 'MANUAL' }, 'OVERDUE', { paidAfterDays: 8, source: 'CAMT054' }, 'OPEN'],
  },
];

/** `01.11.2026–30.11.2026`, as the invoice service writes a period on a line. */
const swissDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** One invoice of the demo, before it has row ids: its subscription (index), period, date, number and fate. */
export interface PlannedInvoice {
  subscription: number;
  periodStart: string;
  periodEnd: string;
  fate: InvoiceFate;
  issuedOn: string;
  dueOn: string;
  year: number;
  sequence: number;
  paidOn: string | null;
  remindersSent: number;
  lastReminderOn: string | null;
}

export interface DemoBillingPlan {
  subscriptions: { seed: SeedSubscription; startsOn: string; currentPeriodStart: string; currentPeriodEnd: string }[];
  /** In number order. */
  invoices: PlannedInvoice[];
  /** The last number given in each year. */
  lastSequences: Map<number, number>;
}

/**
 * The demo's subscriptions and invoices on `today`, as plain data (a pure function of the day, tested for every
 * day of a few years in test/unit/seedBilling.test.ts): invoices are dated on their period's first day and
 * numbered in that order, gap-free within each year.
 */
export function demoBillingPlan(todayDate: Temporal.PlainDate): DemoBillingPlan {
  const today = todayDate.toString();
  const subscriptions: DemoBillingPlan['subscriptions'] = [];
  const periods: Omit<
    PlannedInvoice,
    'issuedOn' | 'dueOn' | 'year' | 'sequence' | 'paidOn' | 'remindersSent' | 'lastReminderOn'
  >[] = [];
  for (const [subscriptionIndex, seed] of SEED_SUBSCRIPTIONS.entries()) {
    const plan = planOf(seed.plan);
    const startsOn = todayDate.with({ day: 1 }).subtract({ months: seed.monthsAgo }).toString();
    const own: { start: string; end: string }[] = [];
    for (let start = startsOn; start <= today; start = nextPeriodStartOf(start, plan.interval)) {
      own.push({ start, end: periodEndOf(start, plan.interval) });
    }
    if (own.length !== seed.fates.length) {
      throw new Error(`Seed: ${own.length} periods but ${seed.fates.length} invoice fates`);
    }
    own.forEach((period, index) =>
      periods.push({
        subscription: subscriptionIndex,
        periodStart: period.start,
        periodEnd: period.end,
        fate: seed.fates[index],
      }),
    );
    const current = own.at(-1)!;
    subscriptions.push({ seed, startsOn, currentPeriodStart: current.start, currentPeriodEnd: current.end });
  }
  periods.sort((a, b) => a.periodStart.localeCompare(b.periodStart) || a.subscription - b.subscription);
  const lastSequences = new Map<number, number>();
  const invoices = periods.map((period): PlannedInvoice => {
    const issuedOn = period.periodStart;
    const year = Number(issuedOn.slice(0, 4));
    const sequence = (lastSequences.get(year) ?? 0) + 1;
    lastSequences.set(year, sequence);
    const dueOn = dueOnOf(issuedOn);
    const fate = period.fate;
    return {
      ...period,
      issuedOn,
      dueOn,
      year,
      sequence,
      paidOn: typeof fate === 'object' ? minDay(addDays(issuedOn, fate.paidAfterDays), today) : null,
      // The overdue one was reminded a week after it fell due (or today, if that is sooner).
      remindersSent: fate === 'OVERDUE' ? 1 : 0,
      lastReminderOn: fate === 'OVERDUE' ? minDay(addDays(dueOn, 7), today) : null,
    };
  });
  return { subscriptions, invoices, lastSequences };
}

const planOf = (key: SeedPlan['key']): SeedPlan => SEED_PLANS.find((plan) => plan.key === key)!;

export async function seedBilling(
  tx: Executor,
  context: {
    today: Temporal.PlainDate;
    creditor: Creditor;
    publicUrl: string;
    establishmentIds: number[];
    promoterGroupIds: number[];
    userIds: Map<string, number>;
  },
): Promise<void> {
  const rootId = context.userIds.get('root@demo.ch') ?? null;
  const planIds = (
    await tx
      .insert(schema.plans)
      .values(
        SEED_PLANS.map((plan) => ({
          name: plan.name,
          description: plan.description,
          priceCentimes: plan.priceCentimes,
          interval: plan.interval,
          proLogo: plan.proLogo,
          exclusiveOffersPerMonth: plan.exclusiveOffersPerMonth,
        })),
      )
      .returning({ id: schema.plans.id })
  ).map((row) => row.id);
  const planIdOf = (key: SeedPlan['key']) => planIds[SEED_PLANS.findIndex((plan) => plan.key === key)];
  const partnerOf = ({ kind, index }: SeedSubscription['partner']) => ({
    partnerKind: kind,
    establishmentId: kind === 'ESTABLISHMENT' ? context.establishmentIds[index] : null,
    promoterGroupId: kind === 'PROMOTER_GROUP' ? context.promoterGroupIds[index] : null,
  });
  const addressOf = (address: BillingAddress) => ({
    addressName: address.name,
    street: address.street,
    buildingNumber: address.buildingNumber,
    postalCode: address.postalCode,
    town: address.town,
    country: address.country,
  });

  const plan = demoBillingPlan(context.today);
  const subscriptionIds = (
    await tx
      .insert(schema.subscriptions)
      .values(
        plan.subscriptions.map(({ seed, startsOn, currentPeriodStart, currentPeriodEnd }) => ({
          ...partnerOf(seed.partner),
          planId: planIdOf(seed.plan),
          status: 'ACTIVE',
          startsOn,
          currentPeriodStart,
          currentPeriodEnd,
          ...addressOf(seed.address),
          invoiceEmail: seed.invoiceEmail,
          language: seed.language,
        })),
      )
      .returning({ id: schema.subscriptions.id })
  ).map((row) => row.id);

  const invoiceRows = plan.invoices.map((invoice) => {
    const seed = SEED_SUBSCRIPTIONS[invoice.subscription];
    const seedPlan = planOf(seed.plan);
    const lines = [
      {
        description: `${seedPlan.name[seed.language]}, ${swissDate(invoice.periodStart)}–${swissDate(invoice.periodEnd)}`,
        quantity: 1,
        unitCentimes: seedPlan.priceCentimes,
        amountCentimes: seedPlan.priceCentimes,
      },
    ];
    const { subtotalCentimes, vatCentimes, roundingCentimes, totalCentimes } = invoiceTotalsOf(lines, invoice.issuedOn);
    return {
      number: formatInvoiceNumber(invoice.year, invoice.sequence),
      year: invoice.year,
      sequence: invoice.sequence,
      kind: 'INVOICE',
      subscriptionId: subscriptionIds[invoice.subscription],
      ...partnerOf(seed.partner),
      partnerName: seed.address.name,
      ...addressOf(seed.address),
      lines,
      subtotalCentimes,
      vatBasisPoints: vatBasisPointsOn(invoice.issuedOn),
      vatCentimes,
      roundingCentimes,
      totalCentimes,
      status: invoice.paidOn ? 'PAID' : 'OPEN',
      issuedOn: invoice.issuedOn,
      dueOn: invoice.dueOn,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      reference: invoiceReferenceOf(context.creditor, invoice.year, invoice.sequence),
      language: seed.language,
      paidOn: invoice.paidOn,
      remindersSent: invoice.remindersSent,
      lastReminderOn: invoice.lastReminderOn,
    };
  });
  const invoiceIds = (await tx.insert(schema.invoices).values(invoiceRows).returning({ id: schema.invoices.id })).map(
    (row) => row.id,
  );
  await tx
    .insert(schema.invoiceNumberSequences)
    .values([...plan.lastSequences].map(([year, lastSequence]) => ({ year, lastSequence })));

  const payments = plan.invoices.flatMap((invoice, index) => {
    const fate = invoice.fate;
    if (typeof fate !== 'object' || !invoice.paidOn) return [];
    const number = invoiceRows[index].number;
    return [
      {
        invoiceId: invoiceIds[index],
        amountCentimes: invoiceRows[index].totalCentimes,
        paidOn: invoice.paidOn,
        source: fate.source,
        bankEntryReference: fate.source === 'CAMT054' ? `DEMO-${invoice.paidOn.replaceAll('-', '')}-${number}` : null,
        createdBy: fate.source === 'MANUAL' ? rootId : null,
      },
    ];
  });
  if (payments.length > 0) await tx.insert(schema.invoicePayments).values(payments);

  // The partners' users carry the paid state (docs/billing.md "Paid state") and the way to their billing page.
  for (const [index, { seed }] of plan.subscriptions.entries()) {
    const partner = partnerOf(seed.partner);
    await tx
      .update(schema.users)
      .set({ hasPaidSubscription: isPaidOf(plan, index), billingLink: `${context.publicUrl}/billing` })
      .where(
        partner.establishmentId !== null
          ? eq(schema.users.establishmentId, partner.establishmentId)
          : eq(schema.users.promoterGroupId, partner.promoterGroupId!),
      );
  }
}

/** A demo subscription is paid when its first invoice is and none is overdue (it is active and running). */
export function isPaidOf(plan: DemoBillingPlan, subscription: number): boolean {
  const fates = plan.invoices.filter((invoice) => invoice.subscription === subscription).map((invoice) => invoice.fate);
  return typeof fates[0] === 'object' && !fates.includes('OVERDUE');
}

const minDay = (a: string, b: string): string => (a < b ? a : b);
