import { useCallback } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { isRoleKey, type RoleKey } from '../../domain/roles';
import type { RoleRecord } from '../../domain/user';

/** GET /roles once (the role table is short): for the role picker and for which scope field a role uses. */
export const useRoles = () => {
  const { data, error, isPending } = useGetList<RoleRecord>('roles', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const roles = data ?? [];
  const roleKeyOf = useCallback(
    (roleId: unknown): RoleKey | null => {
      const key = data?.find((role) => role.id === roleId)?.key;
      return isRoleKey(key) ? key : null;
    },
    [data],
  );
  return { roles, roleKeyOf, error, isPending };
};

/** A role key in the user's language ("ADMIN" → "Venue administrator"). */
export const useRoleName = () => {
  const translate = useTranslate();
  return useCallback((key: string) => translate(`resources.roles.keys.${key}`, { _: key }), [translate]);
};
