import { Alert, Box, Button } from '@mui/material';
import { useGetResourceLabel, useResourceContext, useTranslate } from 'react-admin';
import { RecordDrawer } from '../RecordDrawer';

/**
 * `/establishments/create` (or `/promoters/create`) for a viewer who may not create one: the drawer says
 * why (a venue administrator already has its venue, a coordinator's role creates none) instead of leaving
 * the visitor on the list without a word.
 */
export const CreateRefusedDrawer = ({ reason, onClose }: { reason: string; onClose: () => void }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const getResourceLabel = useGetResourceLabel();
  const title = translate('ra.page.create', { name: resource ? getResourceLabel(resource, 1) : '' });
  return (
    <RecordDrawer open onClose={onClose} title={title}>
      <Box sx={{ p: 2 }}>
        <Alert severity="info" role="status">
          {translate(reason)}
        </Alert>
        <Button variant="contained" onClick={onClose} sx={{ mt: 2 }}>
          {translate('ra.action.back')}
        </Button>
      </Box>
    </RecordDrawer>
  );
};
