import { usePermissions } from 'react-admin';

export interface ServerRoleKeys {
  /** The role keys of the signed-in user as the server gave them; empty while pending or after a failed fetch. */
  roleKeys: readonly string[];
  isPending: boolean;
}

const NO_ROLES: readonly string[] = [];

/**
 * The guards and the menu check the role keys of the current user fetched from the server.
 * The auth provider's getPermissions fetches them (`GET /auth/me`, once per sign-in, see
 * providers/accessControl.ts); react-admin's usePermissions shares the answer through the query cache.
 */
export const useServerRoleKeys = (): ServerRoleKeys => {
  const { permissions, isPending } = usePermissions<string[]>();
  return { roleKeys: Array.isArray(permissions) ? permissions : NO_ROLES, isPending };
};
