import type { ReactNode } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { InputsReadOnlyProvider } from '../inputs/readOnly';

/**
 * One section of a partner form. Read-only, it is a disabled fieldset: the browser disables every input
 * and button inside, whichever component draws them (uploads, galleries, schedules), and the save
 * buttons are not shown at all.
 */
export const FormSection = ({ readOnly, children }: { readOnly: boolean; children: ReactNode }) => (
  <Box
    component="fieldset"
    disabled={readOnly}
    sx={{
      border: 0,
      p: 0,
      m: 0,
      minWidth: 0,
      width: '100%',
      '&:disabled .MuiInputBase-root': { color: 'text.secondary' },
    }}
  >
    <InputsReadOnlyProvider value={readOnly}>
      <Stack spacing={1} sx={{ width: '100%' }}>
        {children}
      </Stack>
    </InputsReadOnlyProvider>
  </Box>
);

/** A sub-heading inside a long section (Identity, Address, Contact…). */
export const SubHeading = ({ children }: { children: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h3" color="text.secondary" sx={{ pt: 2 }}>
      {translate(children)}
    </Typography>
  );
};

/**
 * Why the record is read only: it is outside the viewer's write scope (another venue's), or the viewer's
 * role reads records of this kind but changes none (a coordinator and its own venue).
 */
export const ReadOnlyNotice = ({ reason }: { reason: 'scope' | 'role' }) => {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mx: 2, mt: 2 }}>
      {translate(reason === 'scope' ? 'resources.partners.readOnly' : 'resources.partners.readOnlyRole')}
    </Alert>
  );
};
