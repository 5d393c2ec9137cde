import { z } from 'zod';
import { ROLE_KEYS } from './roles';
import { LANGUAGES } from './languages';

export const GENDERS = ['FEMALE', 'MALE', 'OTHER', 'UNSPECIFIED'] as const;

/** A role as the session user carries it: `userRoles[].role.key` (SPEC §3 User). */
export const roleSchema = z.object({
  id: z.number().int(),
  key: z.enum(ROLE_KEYS),
});

export const userRoleSchema = z.object({ role: roleSchema });

/** The User record of SPEC §3, plus `language` for mails and `hasPassword` for the access-link flow. */
export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  phoneNumber: z.string().trim().max(40).nullable(),
  billingLink: z.string().trim().max(500).nullable(),
  hasPaidSubscription: z.boolean(),
  gender: z.enum(GENDERS).nullable(),
  roleId: z.number().int(),
  establishmentId: z.number().int().nullable(),
  promoterGroupId: z.number().int().nullable(),
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof userSchema>;

/** The user of `GET /auth/me` and of the sign-in answer. */
export const sessionUserSchema = userSchema.extend({
  userRoles: z.array(userRoleSchema),
  hasPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const roleKeysOf = (user: Pick<SessionUser, 'userRoles'> | null | undefined): string[] =>
  user?.userRoles.map((userRole) => userRole.role.key) ?? [];
