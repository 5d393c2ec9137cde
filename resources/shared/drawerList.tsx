import AddIcon from '@mui/icons-material/Add';
import { Button, TopToolbar, useCanAccess, type Identifier } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * What a list whose records open in a drawer by path needs (the tabs of promo codes and billing): a Create button
 * for those who may create, and a row click to the record's path for those who may edit (none otherwise, so a
 * reader's rows stay still). `pathOf` gives the drawer's path of a record, or of `create`.
 */
export function useDrawerListControls(resource: string, pathOf: (id: Identifier | 'create') => string) {
  const navigate = useNavigate();
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const rowClick: ((id: Identifier) => false) | false = canEdit
    ? (id: Identifier) => {
        navigate(pathOf(id));
        return false as const;
      }
    : false;
  const actions = (
    <TopToolbar>
      {canCreate ? (
        <Button label="ra.action.create" onClick={() => navigate(pathOf('create'))}>
          <AddIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
  return { rowClick, actions, canEdit };
}
