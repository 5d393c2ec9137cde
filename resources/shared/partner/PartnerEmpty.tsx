import { Box, Typography } from '@mui/material';
import { CreateButton, useResourceContext, useTranslate } from 'react-admin';
import { useCanCreatePartner, type PartnerResource } from './useCanWriteRecord';

/** The list of a resource with no record at all: say so and invite whoever may create one (useCanCreatePartner). */
export const PartnerEmpty = () => {
  // Rendered by PartnerList only, inside the establishments or promoters resource.
  const resource = useResourceContext() as PartnerResource;
  const translate = useTranslate();
  const canCreate = useCanCreatePartner(resource);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <Typography variant="h5" component="p" gutterBottom>
        {translate(`resources.${resource}.empty.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(canCreate ? `resources.${resource}.empty.invite` : `resources.${resource}.empty.nothingYet`)}
      </Typography>
      {canCreate ? <CreateButton variant="contained" /> : null}
    </Box>
  );
};
