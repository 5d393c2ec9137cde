import { useCallback, type ReactElement } from 'react';
import { useCanAccess, useCanAccessCallback, useResourceContext, type Identifier } from 'react-admin';
import { useDrawerRoute } from './RecordDrawer';

/**
 * Which drawer a record opens in, decided the react-admin way: canAccess with the action (`edit`, else
 * `show`). A viewer who may read a record but not change it (a coordinator and its venue,
 * a platform coordinator and the users) gets the read-only drawer, never the access-denied page.
 */

/**
 * DataTable and SimpleList `rowClick`: `edit` when the viewer may change records of the resource, `show`
 * when it may only read them, nothing when neither. Asked without the record: the edit drawer narrows to
 * read only, and says so, for a record outside the viewer's write scope (useCanWriteRecord).
 */
export const useRecordRowClick = () => {
  const canAccess = useCanAccessCallback();
  return useCallback(
    async (_id: Identifier, resource: string): Promise<'edit' | 'show' | false> => {
      if (await canAccess({ resource, action: 'edit' })) return 'edit';
      return (await canAccess({ resource, action: 'show' })) ? 'show' : false;
    },
    [canAccess],
  );
};

interface RecordRouteDrawerProps {
  /** `/resource/create`: the create drawer, or why this viewer cannot create. */
  create: (onClose: () => void) => ReactElement | null;
  edit: (id: Identifier, onClose: () => void) => ReactElement;
  show: (id: Identifier, onClose: () => void) => ReactElement;
}

/**
 * The drawer the route asks for: `/resource/:id/show` read only; `/resource/:id` for editing when the
 * viewer may edit, else read only when it may read (an old edit link, a typed address); nothing while
 * canAccess answers, nor when the viewer may do neither.
 */
export const RecordRouteDrawer = ({ create, edit, show }: RecordRouteDrawerProps) => {
  const resource = useResourceContext();
  const route = useDrawerRoute();
  const { canAccess: canEdit, isPending: isPendingEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canShow, isPending: isPendingShow } = useCanAccess({ resource, action: 'show' });
  if (route.mode === 'closed') return null;
  if (route.mode === 'create') return create(route.close);
  if (isPendingEdit || isPendingShow) return null;
  if (route.mode === 'edit' && canEdit) return edit(route.id, route.close);
  return canShow ? show(route.id, route.close) : null;
};
