import { Box, Typography } from '@mui/material';
import { CreateButton, useCanAccess, useResourceContext, useTranslate } from 'react-admin';

/** The list of a resource with no record at all: say so and invite whoever may create one. */
export const PartnerEmpty = () => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
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
