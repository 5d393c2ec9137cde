import { and, eq, inArray } from 'drizzle-orm';
import {
  defaultDeliveryOf,
  isNotificationKind,
  mailModeOf,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationParams,
  type NotificationResource,
} from '../../../domain/notification';
import { isRoleKey, type RoleKey } from '../../../domain/roles';
import type { Queryable } from '../../db/queryable';
import { roles, users } from '../../db/schema/auth';
import { notificationPreferences, notifications } from '../../db/schema/notifications';

/**
 * Creating notifications: always inside the transaction of the change that causes them (pass its `tx`), so a
 * rolled-back change leaves none and a committed one never lacks its notifications. Each row records how it
 * is to be mailed, from the recipient's preference for its kind (or the role's default) at this moment.
 */

export type NotificationInput = {
  [Kind in NotificationKind]: {
    userId: number;
    kind: Kind;
    resource: NotificationResource | null;
    recordId: number | null;
    params: NotificationParams[Kind];
  };
}[NotificationKind];

/** Writes the notifications; a recipient listed twice for one kind and record gets one. Inactive users get none. */
export async function notify(tx: Queryable, inputs: readonly NotificationInput[]): Promise<number[]> {
  const unique = uniqueInputs(inputs);
  if (unique.length === 0) return [];
  const recipients = await recipientsOf(
    tx,
    unique.map((input) => input.userId),
  );
  const rows = unique.flatMap((input) => {
    const recipient = recipients.get(input.userId);
    if (!recipient) return [];
    const delivery = recipient.preferences.get(input.kind) ?? defaultDeliveryOf(recipient.role, input.kind);
    return [
      {
        userId: input.userId,
        kind: input.kind,
        resource: input.resource,
        recordId: input.recordId,
        params: input.params,
        mailMode: mailModeOf(delivery),
      },
    ];
  });
  if (rows.length === 0) return [];
  const inserted = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}

function uniqueInputs(inputs: readonly NotificationInput[]): NotificationInput[] {
  const seen = new Set<string>();
  return inputs.filter((input) => {
    const key = `${input.userId}:${input.kind}:${input.resource}:${input.recordId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface Recipient {
  role: RoleKey;
  preferences: Map<NotificationKind, NotificationDelivery>;
}

async function recipientsOf(tx: Queryable, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  const ids = [...new Set(userIds)];
  const rows = await tx
    .select({ id: users.id, role: roles.key })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, ids), eq(users.isActive, true)));
  const recipients = new Map<number, Recipient>();
  for (const row of rows) {
    if (isRoleKey(row.role)) recipients.set(row.id, { role: row.role, preferences: new Map() });
  }
  if (recipients.size === 0) return recipients;
  const choices = await tx
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...recipients.keys()]));
  for (const choice of choices) {
    if (isNotificationKind(choice.kind)) {
      recipients.get(choice.userId)?.preferences.set(choice.kind, choice.delivery as NotificationDelivery);
    }
  }
  return recipients;
}
