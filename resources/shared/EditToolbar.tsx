import { Box } from '@mui/material';
import { DeleteButton, SaveButton, Toolbar } from 'react-admin';
import { useNotifyResourceError } from './resourceErrors';

/**
 * Delete after the server said yes (pessimistic): a record still in use (409 IN_USE) or refused stays, and
 * the toast says why in the user's language (useNotifyResourceError).
 */
export const PessimisticDeleteButton = () => {
  const notifyError = useNotifyResourceError();
  return <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError: notifyError }} />;
};

/** An edit drawer's toolbar: Save, and Delete at the far end. */
export const SaveDeleteToolbar = () => (
  <Toolbar>
    <SaveButton />
    <Box sx={{ flex: 1 }} />
    <PessimisticDeleteButton />
  </Toolbar>
);
