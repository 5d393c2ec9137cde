import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROMO_CODE_DEFAULT_MAX_USAGE_COUNT, PROMO_DISCOUNT_KINDS } from '../../../domain/enums';
import { users } from './auth';
import { checkOneOf, descriptions, money, timestamps, version } from './columns';
import { establishments } from './establishments';
import { promoterGroups } from './promoterGroups';

/**
 * Promo code templates: what a family of codes grants and when (the specification names the link only,
 * `promoCodeTemplateId`; the fields are ours and documented in docs/data-model.md).
 */
export const promoCodeTemplates = pgTable(
  'promo_code_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...descriptions(),
    discountKind: text('discount_kind').notNull(),
    /** A percentage (0–100) or an amount in CHF; null for FREE_ENTRY. */
    discountValue: money('discount_value'),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'cascade' }),
    promoterGroupId: integer('promoter_group_id').references(() => promoterGroups.id, { onDelete: 'cascade' }),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    checkOneOf('promo_code_templates_discount_kind_check', table.discountKind, PROMO_DISCOUNT_KINDS),
    check(
      'promo_code_templates_discount_value_check',
      sql`(${table.discountKind} = 'FREE_ENTRY' AND ${table.discountValue} IS NULL)
        OR (${table.discountKind} = 'PERCENTAGE' AND ${table.discountValue} > 0 AND ${table.discountValue} <= 100)
        OR (${table.discountKind} = 'FIXED_AMOUNT' AND ${table.discountValue} > 0)`,
    ),
    check(
      'promo_code_templates_validity_check',
      sql`${table.validFrom} IS NULL OR ${table.validUntil} IS NULL OR ${table.validFrom} <= ${table.validUntil}`,
    ),
  ],
);

/**
 * Promo codes. Codes are stored upper-case (the check forces writers to normalise),
 * so the unique constraint is also case-insensitive. `usage_count` never passes `max_usage_count`.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    maxUsageCount: integer('max_usage_count').notNull().default(PROMO_CODE_DEFAULT_MAX_USAGE_COUNT),
    usageCount: integer('usage_count').notNull().default(0),
    /** Switched off by staff: refused like an unknown code, whatever its usage. */
    isDisabled: boolean('is_disabled').notNull().default(false),
    promoCodeTemplateId: integer('promo_code_template_id')
      .notNull()
      .references(() => promoCodeTemplates.id, { onDelete: 'restrict' }),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    index('promo_codes_template_idx').on(table.promoCodeTemplateId),
    check(
      'promo_codes_code_check',
      sql`${table.code} = upper(${table.code}) AND length(${table.code}) BETWEEN 3 AND 64`,
    ),
    check('promo_codes_max_usage_check', sql`${table.maxUsageCount} >= 1`),
    check('promo_codes_usage_check', sql`${table.usageCount} BETWEEN 0 AND ${table.maxUsageCount}`),
  ],
);

/** One redemption of a promo code by a customer (`usage_count` counts them; kept for the statistics). */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    /** A customer redeems a code once; redemptions of a deleted account keep counting. */
    uniqueIndex('promo_code_redemptions_once_unique').on(table.promoCodeId, table.userId),
    index('promo_code_redemptions_code_idx').on(table.promoCodeId),
    index('promo_code_redemptions_created_idx').on(table.createdAt),
    /** A customer's redemptions, latest first (the dashboard's myCodes card). */
    index('promo_code_redemptions_user_idx').on(table.userId, table.createdAt),
  ],
);
