import { sql } from 'drizzle-orm';
import { ROLE_SCOPES } from '../../domain/access';
import { ROLE_KEYS } from '../../domain/roles';
import type { Executor } from './sections';

/**
 * The demo accounts' inboxes, as the seeded requests would have filled them: each pending request awaits its
 * venue's staff (an event request) or the platform's staff (a template request), and each decided one told its
 * requester. They count as delivered (`mailed_at` set), so a first start mails nobody; the decisions are read.
 * Written from the `asks` rows, which the triggers filled from the seeded events and templates.
 */

const VENUE_STAFF = ROLE_KEYS.filter((role) => ROLE_SCOPES[role] === 'establishment');
const TEMPLATE_DECIDERS = ROLE_KEYS.filter((role) => ROLE_SCOPES[role] === 'all');

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const resourceOf = sql`CASE asks.kind WHEN 'EVENT_REQUEST' THEN 'events' ELSE 'offer-templates' END`;

export async function seedNotifications(tx: Executor): Promise<void> {
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, resource, record_id, params, created_at, mail_mode, mailed_at)
    SELECT staff.id, 'ASK_AWAITING', ${resourceOf}, asks.record_id,
      jsonb_build_object('askKind', asks.kind, 'title', asks.title,
        'requesterName', requester.first_name || ' ' || requester.last_name),
      asks.requested_at, 'NONE', asks.requested_at
    FROM asks
    JOIN users AS staff ON staff.is_active
    JOIN roles ON roles.id = staff.role_id
    LEFT JOIN users AS requester ON requester.id = asks.requested_by_user_id
    WHERE asks.status = 'PENDING'
      AND staff.id IS DISTINCT FROM asks.requested_by_user_id
      AND ((asks.kind = 'EVENT_REQUEST' AND roles.key IN (${inList(VENUE_STAFF)})
            AND staff.establishment_id = asks.establishment_id)
        OR (asks.kind = 'TEMPLATE_REQUEST' AND roles.key IN (${inList(TEMPLATE_DECIDERS)})))`);
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, resource, record_id, params, created_at, read_at, mail_mode, mailed_at)
    SELECT asks.requested_by_user_id,
      CASE asks.kind WHEN 'EVENT_REQUEST' THEN 'EVENT_REQUEST_' ELSE 'TEMPLATE_REQUEST_' END || asks.status,
      ${resourceOf}, asks.record_id,
      jsonb_build_object('title', asks.title, 'venueName', establishments.name, 'reason', asks.reason),
      COALESCE(asks.decided_at, asks.requested_at), COALESCE(asks.decided_at, asks.requested_at),
      'NONE', COALESCE(asks.decided_at, asks.requested_at)
    FROM asks
    JOIN users AS requester ON requester.id = asks.requested_by_user_id AND requester.is_active
    LEFT JOIN establishments ON establishments.id = asks.establishment_id
    WHERE asks.status <> 'PENDING'`);
}
