import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  BILLING_INTERVALS,
  INVOICE_KINDS,
  PARTNER_KINDS,
  STORED_INVOICE_STATUSES,
  SUBSCRIPTION_STATUSES,
  type InvoiceLine,
  type PlanName,
} from '../../../domain/billing';
import { LANGUAGES } from '../../../domain/languages';
import { users } from './auth';
import { checkOneOf, createdAt, timestamps, version } from './columns';
import { establishments } from './establishments';
import { promoterGroups } from './promoterGroups';

/** Billing (docs/billing.md). Amounts are integer centimes; days are Europe/Zurich calendar days. */

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    /** `{en, fr, de, it}`: invoices are written in the partner's language. */
    name: jsonb('name').$type<PlanName>().notNull(),
    description: text('description'),
    priceCentimes: integer('price_centimes').notNull(),
    interval: text('interval').notNull(),
    proLogo: boolean('pro_logo').notNull().default(false),
    /** null: no limit. */
    exclusiveOffersPerMonth: integer('exclusive_offers_per_month'),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    checkOneOf('plans_interval_check', table.interval, BILLING_INTERVALS),
    check('plans_price_check', sql`${table.priceCentimes} >= 0`),
    check(
      'plans_exclusive_offers_check',
      sql`${table.exclusiveOffersPerMonth} IS NULL OR ${table.exclusiveOffersPerMonth} >= 0`,
    ),
  ],
);

/** The structured address of QR-bills (street and building number apart), as columns of a table. */
const billingAddressColumns = () => ({
  addressName: text('address_name').notNull(),
  street: text('street').notNull(),
  buildingNumber: text('building_number'),
  postalCode: text('postal_code').notNull(),
  town: text('town').notNull(),
  country: text('country').notNull().default('CH'),
});

/** One partner (exactly one of establishment and promoter group, as `partner_kind` says) on one plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    partnerKind: text('partner_kind').notNull(),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'cascade' }),
    promoterGroupId: integer('promoter_group_id').references(() => promoterGroups.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    /** A change of plan waiting for the next period. */
    nextPlanId: integer('next_plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('ACTIVE'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    currentPeriodStart: date('current_period_start', { mode: 'string' }).notNull(),
    currentPeriodEnd: date('current_period_end', { mode: 'string' }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endsOn: date('ends_on', { mode: 'string' }),
    ...billingAddressColumns(),
    invoiceEmail: text('invoice_email').notNull(),
    language: text('language').notNull(),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    checkOneOf('subscriptions_partner_kind_check', table.partnerKind, PARTNER_KINDS),
    checkOneOf('subscriptions_status_check', table.status, SUBSCRIPTION_STATUSES),
    checkOneOf('subscriptions_language_check', table.language, LANGUAGES),
    check(
      'subscriptions_partner_check',
      sql`(${table.partnerKind} = 'ESTABLISHMENT' AND ${table.establishmentId} IS NOT NULL AND ${table.promoterGroupId} IS NULL)
        OR (${table.partnerKind} = 'PROMOTER_GROUP' AND ${table.promoterGroupId} IS NOT NULL AND ${table.establishmentId} IS NULL)`,
    ),
    check(
      'subscriptions_period_check',
      sql`${table.startsOn} <= ${table.currentPeriodStart} AND ${table.currentPeriodStart} <= ${table.currentPeriodEnd}`,
    ),
    // One running subscription per partner; ended ones stay as history.
    uniqueIndex('subscriptions_active_establishment_unique')
      .on(table.establishmentId)
      .where(sql`${table.status} = 'ACTIVE' AND ${table.establishmentId} IS NOT NULL`),
    uniqueIndex('subscriptions_active_promoter_group_unique')
      .on(table.promoterGroupId)
      .where(sql`${table.status} = 'ACTIVE' AND ${table.promoterGroupId} IS NOT NULL`),
    index('subscriptions_period_idx').on(table.status, table.currentPeriodStart),
    index('subscriptions_plan_idx').on(table.planId),
    index('subscriptions_next_plan_idx').on(table.nextPlanId),
  ],
);

/**
 * Invoices and credit notes. What the document says is stored as it was sent (partner name and address, lines,
 * totals, language), so a later change of the partner or the plan never alters a sent invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind').notNull().default('INVOICE'),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    partnerKind: text('partner_kind').notNull(),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'set null' }),
    promoterGroupId: integer('promoter_group_id').references(() => promoterGroups.id, { onDelete: 'set null' }),
    partnerName: text('partner_name').notNull(),
    ...billingAddressColumns(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotalCentimes: integer('subtotal_centimes').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    vatCentimes: integer('vat_centimes').notNull(),
    roundingCentimes: integer('rounding_centimes').notNull(),
    totalCentimes: integer('total_centimes').notNull(),
    currency: text('currency').notNull().default('CHF'),
    status: text('status').notNull().default('OPEN'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    reference: text('reference').notNull(),
    language: text('language').notNull(),
    creditsInvoiceId: integer('credits_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    paidOn: date('paid_on', { mode: 'string' }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderOn: date('last_reminder_on', { mode: 'string' }),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_year_sequence_unique').on(table.year, table.sequence),
    uniqueIndex('invoices_reference_unique').on(table.reference),
    // A period is invoiced once; a credit note cancels the invoice and frees the period for a new one.
    uniqueIndex('invoices_period_unique')
      .on(table.subscriptionId, table.periodStart)
      .where(sql`${table.kind} = 'INVOICE' AND ${table.status} <> 'CANCELLED'`),
    uniqueIndex('invoices_credit_note_unique').on(table.creditsInvoiceId),
    index('invoices_establishment_idx').on(table.establishmentId, table.issuedOn),
    index('invoices_promoter_group_idx').on(table.promoterGroupId, table.issuedOn),
    index('invoices_status_due_idx').on(table.status, table.dueOn),
    index('invoices_issued_idx').on(table.issuedOn),
    index('invoices_subscription_idx').on(table.subscriptionId, table.issuedOn),
    checkOneOf('invoices_kind_check', table.kind, INVOICE_KINDS),
    checkOneOf('invoices_status_check', table.status, STORED_INVOICE_STATUSES),
    checkOneOf('invoices_partner_kind_check', table.partnerKind, PARTNER_KINDS),
    checkOneOf('invoices_language_check', table.language, LANGUAGES),
    check('invoices_currency_check', sql`${table.currency} = 'CHF'`),
    check(
      'invoices_total_check',
      sql`${table.totalCentimes} = ${table.subtotalCentimes} + ${table.vatCentimes} + ${table.roundingCentimes}`,
    ),
    check('invoices_credit_note_check', sql`(${table.kind} = 'CREDIT_NOTE') = (${table.creditsInvoiceId} IS NOT NULL)`),
    check('invoices_dates_check', sql`${table.issuedOn} <= ${table.dueOn}`),
  ],
);

/** The last number given in each year: its row lock makes concurrent invoices take 1, 2, 3… with no gap. */
export const invoiceNumberSequences = pgTable('invoice_number_sequences', {
  year: integer('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * Money received for an invoice: marked by hand, or imported from a bank's camt.054 file. A bank entry's
 * reference is unique, so importing the same file twice pays nothing twice.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCentimes: integer('amount_centimes').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    /** The bank's own reference of the entry (camt.054 `AcctSvcrRef`), when imported. */
    bankEntryReference: text('bank_entry_reference'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    checkOneOf('invoice_payments_source_check', table.source, ['MANUAL', 'CAMT054']),
    uniqueIndex('invoice_payments_bank_entry_unique').on(table.bankEntryReference),
    index('invoice_payments_invoice_idx').on(table.invoiceId),
  ],
);
