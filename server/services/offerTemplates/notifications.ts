import { and, eq, inArray } from 'drizzle-orm';
import { decidesTemplates } from '../../../domain/offerTemplate';
import { ROLE_KEYS, type RoleKey } from '../../../domain/roles';
import type { Queryable } from '../../db/queryable';
import { offerTemplates, roles, users } from '../../db/schema';
import { nameOfUser } from '../eventRequests';
import { notify } from '../notifications/create';

/**
 * Who is told of template requests (docs/server.md "Offer templates", docs/asks.md): the platform's deciders
 * that one waits (ASK_AWAITING), the partner who asked of the decision (TEMPLATE_REQUEST_APPROVED /
 * TEMPLATE_REQUEST_REJECTED), inside the transaction of the request or the decision. The mails follow from
 * the notifications, each in the recipient's language.
 */

/** The roles that approve and reject template requests (ROOT, COORDINATOR_ADMIN_FULL). */
export const TEMPLATE_DECIDER_ROLES: readonly RoleKey[] = ROLE_KEYS.filter((role) => decidesTemplates([role]));

async function templateFacts(tx: Queryable, templateId: number) {
  const [row] = await tx
    .select({
      title: offerTemplates.shortTitle,
      approvalStatus: offerTemplates.approvalStatus,
      approvalReason: offerTemplates.approvalReason,
      requestedByUserId: offerTemplates.requestedByUserId,
    })
    .from(offerTemplates)
    .where(eq(offerTemplates.id, templateId));
  return row;
}

/** A partner asked for a template: every active user of a deciding role (but the one who asked) is told. */
export async function tellDecidersOfTemplateRequest(
  tx: Queryable,
  { templateId, by }: { templateId: number; by: number },
) {
  const facts = await templateFacts(tx, templateId);
  if (!facts || facts.approvalStatus !== 'PENDING') return;
  const deciders = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isActive, true), inArray(roles.key, [...TEMPLATE_DECIDER_ROLES])))
    .orderBy(users.id);
  const recipients = deciders.filter((user) => user.id !== by);
  if (recipients.length === 0) return;
  const requesterName = await nameOfUser(tx, by);
  await notify(
    tx,
    recipients.map((user) => ({
      userId: user.id,
      kind: 'ASK_AWAITING' as const,
      resource: 'offer-templates' as const,
      recordId: templateId,
      params: { askKind: 'TEMPLATE_REQUEST' as const, title: facts.title, requesterName },
    })),
  );
}

/** A request was decided: the partner who asked (if still active, and not the decider) is told, with the reason. */
export async function tellRequesterOfTemplateDecision(
  tx: Queryable,
  { templateId, by }: { templateId: number; by: number },
) {
  const facts = await templateFacts(tx, templateId);
  if (!facts || facts.requestedByUserId === null || facts.requestedByUserId === by) return;
  const base = { userId: facts.requestedByUserId, resource: 'offer-templates' as const, recordId: templateId };
  if (facts.approvalStatus === 'APPROVED') {
    await notify(tx, [{ ...base, kind: 'TEMPLATE_REQUEST_APPROVED', params: { title: facts.title } }]);
  } else if (facts.approvalStatus === 'REJECTED') {
    await notify(tx, [
      { ...base, kind: 'TEMPLATE_REQUEST_REJECTED', params: { title: facts.title, reason: facts.approvalReason } },
    ]);
  }
}
