/** The seven role keys of SPEC §1/§6. Issue 3 adds the permission table beside them. */
export const ROLE_KEYS = [
  'ROOT',
  'PROMOTER',
  'CUSTOMER',
  'ADMIN',
  'COORDINATOR',
  'COORDINATOR_ADMIN_LIMITED',
  'COORDINATOR_ADMIN_FULL',
] as const;

export type RoleKey = (typeof ROLE_KEYS)[number];

export const isRoleKey = (value: unknown): value is RoleKey =>
  typeof value === 'string' && (ROLE_KEYS as readonly string[]).includes(value);
