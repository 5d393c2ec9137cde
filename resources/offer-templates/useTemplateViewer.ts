import { useMemo } from 'react';
import { usePermissions } from 'react-admin';
import type { Viewer } from '../../domain/access';
import { decidesTemplates } from '../../domain/offerTemplate';
import { useSessionUser } from '../../providers/appContexts';

const NO_ROLES: string[] = [];

/**
 * The signed-in user as domain/ asks about it, and whether they decide on templates (the platform's staff) or
 * ask for them (partners). The server decides again on every write; this only chooses what the page offers.
 */
export const useTemplateViewer = (): { viewer: Viewer | null; decides: boolean; isPending: boolean } => {
  const { permissions: roleKeys = NO_ROLES, isPending } = usePermissions<string[]>();
  const user = useSessionUser();
  const viewer = useMemo<Viewer | null>(
    () =>
      user && {
        userId: user.id,
        roleKeys,
        establishmentId: user.establishmentId,
        promoterGroupId: user.promoterGroupId,
      },
    [user, roleKeys],
  );
  return { viewer, decides: decidesTemplates(roleKeys), isPending };
};
