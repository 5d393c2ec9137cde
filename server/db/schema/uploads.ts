import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { createdAt } from './columns';

/**
 * Files received by `POST /uploads`. The server chooses `storage_key` (never the client's
 * name), decides `mime_type` from the content, and records image dimensions and a downscaled preview.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull().unique(),
    previewKey: text('preview_key'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerUserId),
    check('uploads_size_check', sql`${table.sizeBytes} >= 0`),
    check(
      'uploads_dimensions_check',
      sql`(${table.width} IS NULL OR ${table.width} > 0) AND (${table.height} IS NULL OR ${table.height} > 0)`,
    ),
  ],
);
