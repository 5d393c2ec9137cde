import { useCallback } from 'react';
import { keepScopeFieldsOf, scopeFieldsProblems, userInputSchema } from '../../domain/user';
import type { RoleKey } from '../../domain/roles';
import { withProblems, zodFormErrors, type FieldRuleMessages, type FormErrors } from '../shared/zodValidation';

/** The rules of userInputSchema that are more than "required" or "too long", in the user's language. */
const USER_FIELD_RULES: FieldRuleMessages = {
  username: 'resources.users.validation.username',
  phoneNumber: 'resources.users.validation.phoneNumber',
  billingLink: 'resources.users.validation.billingLink',
};

interface ScopeValues {
  roleId?: unknown;
  establishmentId?: number | null;
  promoterGroupId?: number | null;
}

/**
 * The form's validation: the server's schema (domain/user.ts userInputSchema), plus the scope field the
 * chosen role needs (scopeFieldsProblems), each message on its field.
 */
export const useUserValidation = (roleKeyOf: (roleId: unknown) => RoleKey | null) =>
  useCallback(
    (values: ScopeValues & Record<string, unknown>): FormErrors => {
      const errors = zodFormErrors(userInputSchema, values, USER_FIELD_RULES);
      const roleKey = roleKeyOf(values.roleId);
      if (!roleKey) return errors;
      const problems = scopeFieldsProblems(roleKey, {
        establishmentId: values.establishmentId ?? null,
        promoterGroupId: values.promoterGroupId ?? null,
      });
      const translated = Object.fromEntries(
        Object.keys(problems).map((field) => [field, 'resources.users.validation.scopeRequired']),
      );
      return withProblems(errors, translated);
    },
    [roleKeyOf],
  );

/** Before saving: a user keeps only the scope field its role uses (domain/user.ts keepScopeFieldsOf). */
export const useKeepScopeOfRole = (roleKeyOf: (roleId: unknown) => RoleKey | null) =>
  useCallback(
    <Data extends ScopeValues>(data: Data): Data => {
      const roleKey = roleKeyOf(data.roleId);
      if (!roleKey) return data;
      return keepScopeFieldsOf(roleKey, {
        ...data,
        establishmentId: data.establishmentId ?? null,
        promoterGroupId: data.promoterGroupId ?? null,
      });
    },
    [roleKeyOf],
  );
