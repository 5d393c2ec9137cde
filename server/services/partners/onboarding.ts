import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { createRefusalOf, isOnboardingCreate, ONBOARDING_REFUSALS, type PartnerKind } from '../../../domain/partner';
import type { Queryable } from '../../db/queryable';
import { users } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import { userAudit } from '../users';

/**
 * Who may create a partner record (domain/access.ts grants ESTABLISHMENT create to ADMIN, PROMOTER_GROUP
 * create to PROMOTER): the platform roles (scope `all`) any number; a partner only its first one, which
 * becomes theirs in the same transaction (`users.establishment_id` / `promoter_group_id`). A partner who
 * already has one gets 403, naming the record's id field with the reason (a code of domain/partner.ts
 * ONBOARDING_REFUSALS).
 */
export interface Onboarding {
  /** The viewer's scope kind that owns this kind of record. */
  scopeKind: PartnerKind;
  /** The viewer's field that points at its record. */
  viewerField: 'establishmentId' | 'promoterGroupId';
  /** The record's id field, named by the 403. */
  recordField: string;
  /** The refusal of a claim that lost the race to another create (a code of ONBOARDING_REFUSALS). */
  alreadyOwnsOne: string;
}

export const ESTABLISHMENT_ONBOARDING: Onboarding = {
  scopeKind: 'establishment',
  viewerField: 'establishmentId',
  recordField: 'establishmentId',
  ...ONBOARDING_REFUSALS.establishment,
};

export const PROMOTER_GROUP_ONBOARDING: Onboarding = {
  scopeKind: 'promoterGroup',
  viewerField: 'promoterGroupId',
  recordField: 'promoterId',
  ...ONBOARDING_REFUSALS.promoterGroup,
};

/** True when this create is the caller's onboarding: a partner role without a record of this kind yet. */
export const isOnboarding = (viewer: Viewer, onboarding: Onboarding): boolean =>
  isOnboardingCreate(viewer, onboarding.scopeKind);

export function requireMayCreate(viewer: Viewer, onboarding: Onboarding): void {
  const reason = createRefusalOf(viewer, onboarding.scopeKind);
  if (reason !== null) throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { [onboarding.recordField]: reason });
}

/**
 * On onboarding, the new record becomes the caller's (same transaction as the insert), with an audit row on
 * the user since their scope changed. Only while the caller still has none: `viewer` was read when the
 * request began, so two creates sent at once both pass `requireMayCreate`; the second then finds the
 * column set (PostgreSQL re-checks the WHERE once the first commits) and is refused, rolling back its record.
 */
export async function claimForCaller(tx: Queryable, viewer: Viewer, onboarding: Onboarding, id: number): Promise<void> {
  if (!isOnboarding(viewer, onboarding)) return;
  const scopeColumn = users[onboarding.viewerField];
  const [claimed] = await tx
    .update(users)
    // A new version: a user form open on the caller would otherwise save the old scope back.
    .set({ [onboarding.viewerField]: id, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, viewer.userId), isNull(scopeColumn)))
    .returning({ email: users.email });
  if (!claimed)
    throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { [onboarding.recordField]: onboarding.alreadyOwnsOne });
  await userAudit(tx, {
    actor: { userId: viewer.userId, email: claimed.email },
    action: 'UPDATE',
    recordId: viewer.userId,
    before: { [onboarding.viewerField]: null },
    after: { [onboarding.viewerField]: id },
  });
}

/** The generic's `viewerAfterCreate`: the caller's scope once an onboarding create made the record theirs. */
export const viewerAfterCreateOf =
  (onboarding: Onboarding) =>
  (viewer: Viewer, id: number): Viewer =>
    isOnboarding(viewer, onboarding) ? { ...viewer, [onboarding.viewerField]: id } : viewer;
