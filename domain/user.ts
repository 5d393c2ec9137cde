import { z } from 'zod';
import { ROLE_KEYS, type RoleKey } from './roles';
import { scopeFieldOf } from './access';
import { idSchema, optionalId, optionalText, recordVersionSchema, requiredText } from './records';
import { LANGUAGES } from './languages';

export const GENDERS = ['FEMALE', 'MALE', 'OTHER', 'UNSPECIFIED'] as const;

/** A role as the session user carries it: `userRoles[].role.key`. */
export const roleSchema = z.object({
  id: z.number().int(),
  key: z.enum(ROLE_KEYS),
});

export const userRoleSchema = z.object({ role: roleSchema });

/** The User record, plus `language` for mails and `hasPassword` for the access-link flow. */
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

/**
 * The Users resource: the User record plus `language` (mails), `isActive`
 * (a disabled user cannot sign in and loses every session at once) and `version` (optimistic concurrency).
 */
export const userRecordSchema = userSchema.extend({
  isActive: z.boolean(),
  version: recordVersionSchema,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** What a client sends to POST /users and PUT /users/:id. */
export const userInputSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  username: requiredText(100).regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash and underscore only'),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  phoneNumber: optionalText(40).refine(
    (value) => value === null || /^\+?[0-9 ()./-]{6,}$/.test(value),
    'Not a phone number',
  ),
  billingLink: optionalText(500).refine(
    (value) => value === null || z.url({ protocol: /^https?$/ }).safeParse(value).success,
    'Not a web address (https://…)',
  ),
  hasPaidSubscription: z.boolean().default(false),
  gender: z.preprocess((value) => (value === '' ? null : value), z.enum(GENDERS).nullable().default(null)),
  roleId: idSchema,
  establishmentId: optionalId,
  promoterGroupId: optionalId,
  language: z.enum(LANGUAGES).default('en'),
  isActive: z.boolean().default(true),
  /** Required on PUT; ignored on POST. */
  version: recordVersionSchema.optional(),
});
export type UserInput = z.output<typeof userInputSchema>;

/** Which scope field a role needs, and which it must leave empty (domain/access.ts ROLE_SCOPES). */
export function scopeFieldsProblems(
  roleKey: RoleKey,
  input: Pick<UserInput, 'establishmentId' | 'promoterGroupId'>,
): Record<string, string> {
  const needed = scopeFieldOf(roleKey);
  const problems: Record<string, string> = {};
  if (needed && input[needed] === null) problems[needed] = 'Required for this role';
  return problems;
}

/** The scope fields a role keeps: the others are cleared, so a user never carries a scope it does not use. */
export function keepScopeFieldsOf<Input extends Pick<UserInput, 'establishmentId' | 'promoterGroupId'>>(
  roleKey: RoleKey,
  input: Input,
): Input {
  const needed = scopeFieldOf(roleKey);
  return {
    ...input,
    establishmentId: needed === 'establishmentId' ? input.establishmentId : null,
    promoterGroupId: needed === 'promoterGroupId' ? input.promoterGroupId : null,
  };
}

/** GET /roles: the role table, so forms pick a `roleId` by its key. */
export const roleRecordSchema = roleSchema;
export type RoleRecord = z.infer<typeof roleRecordSchema>;
