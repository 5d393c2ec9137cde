import { Box } from '@mui/material';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, type Identifier } from 'react-admin';
import { PROMO_CODE_DEFAULT_MAX_USAGE_COUNT } from '../../domain/enums';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { PromoCodeInputs, validatePromoCode } from './PromoCodeInputs';
import { PromoCodeStatusChip, UsageBar } from './PromoCodeStatus';
import { listPathOf } from './paths';

const CODES_LIST = () => listPathOf('codes');

/** Save, and Delete once the server said yes; both lead back to the codes list of the page. */
const PromoCodeToolbar = ({ deletable }: { deletable: boolean }) => {
  const notifyError = useNotifyResourceError();
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      {deletable ? (
        <DeleteButton mutationMode="pessimistic" redirect={CODES_LIST} mutationOptions={{ onError: notifyError }} />
      ) : null}
    </Toolbar>
  );
};

export const PromoCodeEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerEdit id={id} onClose={onClose} redirect={CODES_LIST} headerExtra={<PromoCodeStatusChip />}>
    <SimpleForm validate={validatePromoCode} toolbar={<PromoCodeToolbar deletable />}>
      <UsageBar />
      <PromoCodeInputs />
    </SimpleForm>
  </DrawerEdit>
);

export const PromoCodeCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose} redirect={CODES_LIST}>
    <SimpleForm
      validate={validatePromoCode}
      defaultValues={{ code: '', maxUsageCount: PROMO_CODE_DEFAULT_MAX_USAGE_COUNT, isDisabled: false }}
      toolbar={<PromoCodeToolbar deletable={false} />}
    >
      <PromoCodeInputs />
    </SimpleForm>
  </DrawerCreate>
);
