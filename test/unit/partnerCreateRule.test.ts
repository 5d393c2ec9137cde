import { describe, expect, it } from 'vitest';
import { createRefusalOf, isOnboardingCreate, ONBOARDING_REFUSALS } from '../../domain/partner';

const viewer = (roleKeys: string[], establishmentId: number | null = null, promoterGroupId: number | null = null) => ({
  roleKeys,
  establishmentId,
  promoterGroupId,
});

describe('who may create a partner record (server refusal and browser Create button alike)', () => {
  it('lets the platform roles create any number, even with a record of their own', () => {
    expect(createRefusalOf(viewer(['ROOT'], 3), 'establishment')).toBeNull();
    expect(createRefusalOf(viewer(['COORDINATOR_ADMIN_FULL'], null, 4), 'promoterGroup')).toBeNull();
    expect(isOnboardingCreate(viewer(['ROOT']), 'establishment')).toBe(false);
  });

  it('lets a partner create only its first record of its own kind, which is its onboarding', () => {
    expect(createRefusalOf(viewer(['ADMIN']), 'establishment')).toBeNull();
    expect(isOnboardingCreate(viewer(['ADMIN']), 'establishment')).toBe(true);
    expect(createRefusalOf(viewer(['ADMIN'], 3), 'establishment')).toBe(
      ONBOARDING_REFUSALS.establishment.alreadyOwnsOne,
    );
    expect(createRefusalOf(viewer(['PROMOTER'], null, 4), 'promoterGroup')).toBe(
      ONBOARDING_REFUSALS.promoterGroup.alreadyOwnsOne,
    );
  });

  it('refuses a partner the other kind of record, and ignores unknown role keys', () => {
    expect(createRefusalOf(viewer(['PROMOTER']), 'establishment')).toBe(ONBOARDING_REFUSALS.establishment.cannotOwnOne);
    expect(createRefusalOf(viewer(['NOT_A_ROLE']), 'promoterGroup')).toBe(
      ONBOARDING_REFUSALS.promoterGroup.cannotOwnOne,
    );
  });
});
