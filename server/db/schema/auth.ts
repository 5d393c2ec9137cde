import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { trigramIndex } from './columns';

/** One attachment of a recorded mail, as the outbox lists it. */
export interface MailAttachmentSummary {
  filename: string;
  contentType: string;
  bytes: number;
}
import { establishments } from './establishments';
import { promoterGroups } from './promoterGroups';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The seven role keys (domain/roles.ts); a table so users reference them by id (the user's `roleId`). */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
});

/**
 * Users. `role_id` is the user's role; `userRoles` in the API is derived from it.
 * `auth_id` is the public identifier carried by access links and the browser session.
 * `password_hash` is null until the user sets a password through an access link.
 * `establishment_id` / `promoter_group_id` reference the entity tables (foreign keys in entities.ts's migration).
 * Usernames and emails are unique whatever their case (`Anna` and `anna` are one person to a reader, and mail
 * addresses are case-insensitive in practice): unique indexes on `lower(…)`, which the sign-in lookup uses.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    authId: uuid('auth_id')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    billingLink: text('billing_link'),
    hasPaidSubscription: boolean('has_paid_subscription').notNull().default(false),
    gender: text('gender'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    // The annotations break a type cycle (users ← uploads ← establishments); the keys themselves are plain.
    establishmentId: integer('establishment_id').references((): AnyPgColumn => establishments.id, {
      onDelete: 'set null',
    }),
    promoterGroupId: integer('promoter_group_id').references((): AnyPgColumn => promoterGroups.id, {
      onDelete: 'set null',
    }),
    language: text('language').notNull().default('en'),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Each sort the users list offers, then id (the list's tie-break): a page in index order, however many share
    // a role, a state or a last name.
    index('users_role_idx').on(table.roleId, table.id),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_last_name_idx').on(sql`lower(${table.lastName})`, table.id),
    index('users_first_name_idx').on(sql`lower(${table.firstName})`, table.id),
    index('users_paid_subscription_idx').on(table.hasPaidSubscription, table.id),
    index('users_active_idx').on(table.isActive, table.id),
    index('users_establishment_idx').on(table.establishmentId),
    index('users_promoter_group_idx').on(table.promoterGroupId),
    index('users_created_idx').on(table.createdAt, table.id),
    trigramIndex('users_first_name_trgm_idx', table.firstName),
    trigramIndex('users_last_name_trgm_idx', table.lastName),
    trigramIndex('users_username_trgm_idx', table.username),
    trigramIndex('users_email_trgm_idx', table.email),
    trigramIndex('users_phone_number_trgm_idx', table.phoneNumber),
  ],
);

/** A sign-in: one refresh-token family. Revoking it ends the session and every access token bound to it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Refresh tokens of a family, stored as SHA-256 hashes; each is used once and points to its successor. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Reset-password, access-link and delete-account tokens: random, hashed at rest, single-use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.userId, table.purpose)],
);

/** Every mail the product sends, whatever the transport. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    transport: text('transport').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    /** What was attached (names and types; the bytes are rendered again from their source when needed). */
    attachments: jsonb('attachments').$type<MailAttachmentSummary[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_created_idx').on(table.createdAt),
    index('mail_outbox_user_idx').on(table.userId),
    index('mail_outbox_template_idx').on(table.template, table.createdAt),
    trigramIndex('mail_outbox_subject_trgm_idx', table.subject),
    trigramIndex('mail_outbox_to_address_trgm_idx', table.toAddress),
  ],
);
