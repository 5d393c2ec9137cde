import EditNoteIcon from '@mui/icons-material/EditNote';
import PublicIcon from '@mui/icons-material/Public';
import { Box } from '@mui/material';
import { SaveButton, Toolbar, useCanAccess, useResourceContext, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Visibility } from '../../../domain/enums';
import { PessimisticDeleteButton } from '../EditToolbar';

const withVisibility = (visibility: Visibility) => (data: RaRecord) => ({ ...data, visibility });
const saveAsDraft = withVisibility('DRAFT');
const publish = withVisibility('PUBLISHED');

/**
 * The two save actions: Publish and Save as draft, each sending the whole record with its
 * visibility. Both stay enabled on an unchanged record, since publishing a draft as it is is a change;
 * they are disabled while a save is under way so a double click sends one request.
 */
export const PartnerToolbar = ({ isEdit }: { isEdit: boolean }) => {
  const resource = useResourceContext();
  const { isSubmitting } = useFormState();
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <Toolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <SaveButton
        type="button"
        label="resources.partners.actions.publish"
        icon={<PublicIcon />}
        transform={publish}
        alwaysEnable={!isSubmitting}
      />
      <SaveButton
        type="button"
        variant="outlined"
        label="resources.partners.actions.saveDraft"
        icon={<EditNoteIcon />}
        transform={saveAsDraft}
        alwaysEnable={!isSubmitting}
      />
      <Box sx={{ flex: 1 }} />
      {isEdit && canDelete ? <PessimisticDeleteButton /> : null}
    </Toolbar>
  );
};
