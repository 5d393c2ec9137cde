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
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, OFFER_KINDS, OFFER_RECURRENCE_PATTERNS } from '../../../domain/enums';
import { users } from './auth';
import {
  checkOneOf,
  checkTimeOfDay,
  checkVisibility,
  descriptions,
  timeOfDay,
  timestamps,
  version,
  visibility,
} from './columns';
import { establishments } from './establishments';
import { events } from './events';
import { promoterGroups } from './promoterGroups';
import { offerTypes } from './reference';

const establishmentLink = () =>
  integer('establishment_id').references(() => establishments.id, { onDelete: 'cascade' });
const promoterGroupLink = () =>
  integer('promoter_group_id').references(() => promoterGroups.id, { onDelete: 'cascade' });
const ownedByPartner = (table: string, establishmentId: PgColumn, promoterGroupId: PgColumn) =>
  check(`${table}_owner_check`, sql`${establishmentId} IS NOT NULL OR ${promoterGroupId} IS NOT NULL`);

/**
 * Offer templates (`promotionTemplateId` in the record is this id): the texts
 * of an offer, requested by a partner (/request-discount-template) and approved before offers use them.
 */
export const offerTemplates = pgTable(
  'offer_templates',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    longTitle: text('long_title').notNull(),
    shortTitle: text('short_title').notNull(),
    htmlLongTitle: text('html_long_title'),
    htmlShortTitle: text('html_short_title'),
    ...descriptions(),
    establishmentId: establishmentLink(),
    promoterGroupId: promoterGroupLink(),
    /** Recurrent templates only (`reccurrencePattern` in the record, the specification's spelling). */
    recurrencePattern: text('recurrence_pattern'),
    approvalStatus: text('approval_status').notNull().default('PENDING'),
    approvalReason: text('approval_reason'),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who approved or rejected the request, and when (null while PENDING). */
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    visibility: visibility('DRAFT'),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    index('offer_templates_establishment_idx').on(table.establishmentId),
    index('offer_templates_promoter_group_idx').on(table.promoterGroupId),
    index('offer_templates_approval_idx').on(table.approvalStatus),
    checkOneOf('offer_templates_kind_check', table.kind, OFFER_KINDS),
    checkOneOf('offer_templates_recurrence_check', table.recurrencePattern, OFFER_RECURRENCE_PATTERNS),
    checkOneOf('offer_templates_approval_check', table.approvalStatus, APPROVAL_STATUSES),
    checkVisibility('offer_templates', table.visibility),
    check('offer_templates_kind_fields_check', sql`${table.kind} = 'RECURRENT' OR ${table.recurrencePattern} IS NULL`),
  ],
);

/**
 * Offers of both kinds, exclusive and recurrent, in one table: switching the kind keeps
 * the id and the visibility, which one table makes a plain update. Exclusive offers use the
 * spots and the date/time window; recurrent ones use `is_activated` and their template's pattern.
 * `promotionId` in the record is `template_id`: the offer's texts come from its template.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    establishmentId: establishmentLink(),
    promoterGroupId: promoterGroupLink(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    offerTypeId: integer('offer_type_id').references(() => offerTypes.id),
    templateId: integer('template_id').references(() => offerTemplates.id, { onDelete: 'set null' }),
    availableSpots: integer('available_spots'),
    /** Live claims (offer_claims not cancelled), kept by the claim statements: the row lock serialises them. */
    claimedSpots: integer('claimed_spots').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    startTime: timeOfDay('start_time'),
    endTime: timeOfDay('end_time'),
    isActivated: boolean('is_activated').notNull().default(false),
    visibility: visibility('DRAFT'),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    index('offers_establishment_idx').on(table.establishmentId),
    index('offers_promoter_group_idx').on(table.promoterGroupId),
    index('offers_event_idx').on(table.eventId),
    index('offers_dates_idx').on(table.startDate, table.endDate),
    /** The published offers by kind and end: those running today, platform-wide (the dashboard's offers card). */
    index('offers_running_idx')
      .on(table.kind, table.endDate)
      .where(sql`${table.visibility} = 'PUBLISHED'`),
    checkOneOf('offers_kind_check', table.kind, OFFER_KINDS),
    checkVisibility('offers', table.visibility),
    checkTimeOfDay('offers_start_time_check', table.startTime),
    checkTimeOfDay('offers_end_time_check', table.endTime),
    ownedByPartner('offers', table.establishmentId, table.promoterGroupId),
    check('offers_spots_check', sql`${table.availableSpots} IS NULL OR ${table.availableSpots} >= 0`),
    check(
      'offers_claimed_spots_check',
      sql`${table.claimedSpots} >= 0 AND (${table.availableSpots} IS NULL OR ${table.claimedSpots} <= ${table.availableSpots})`,
    ),
    check(
      'offers_dates_check',
      sql`${table.startDate} IS NULL OR ${table.endDate} IS NULL OR ${table.startDate} <= ${table.endDate}`,
    ),
  ],
);

/**
 * A customer's claim of a spot of an exclusive offer. One live claim per customer and offer; a cancelled claim
 * stays (with `cancelled_at`) for the statistics and gives its spot back.
 */
export const offerClaims = pgTable(
  'offer_claims',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('offer_claims_live_unique')
      .on(table.offerId, table.userId)
      .where(sql`${table.cancelledAt} IS NULL`),
    index('offer_claims_offer_idx').on(table.offerId, table.createdAt),
    index('offer_claims_user_idx').on(table.userId),
    index('offer_claims_created_idx').on(table.createdAt),
  ],
);
