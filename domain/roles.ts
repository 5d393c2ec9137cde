/** The seven role keys; the permission table beside them is domain/access.ts. */
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
