import { Box } from '@mui/material';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, type Identifier } from 'react-admin';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { PromoCodeTemplateInputs, validatePromoCodeTemplate } from './PromoCodeTemplateInputs';
import { listPathOf } from './paths';

const TEMPLATES_LIST = () => listPathOf('templates');

/** Save, and Delete (refused with IN_USE while codes use the template); both lead back to the templates. */
const TemplateToolbar = ({ deletable }: { deletable: boolean }) => {
  const notifyError = useNotifyResourceError();
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      {deletable ? (
        <DeleteButton mutationMode="pessimistic" redirect={TEMPLATES_LIST} mutationOptions={{ onError: notifyError }} />
      ) : null}
    </Toolbar>
  );
};

const NEW_TEMPLATE_DEFAULTS = {
  name: '',
  discountKind: 'PERCENTAGE',
  discountValue: 10,
  validFrom: null,
  validUntil: null,
  establishmentId: null,
  promoterGroupId: null,
  description: null,
  htmlDescription: null,
};

/**
 * The plain description follows the rich text (the server derives it when empty): the form never sends a stale
 * plain text beside a changed HTML.
 */
const withoutPlainDescription = (data: Record<string, unknown>) => ({ ...data, description: null });

export const PromoCodeTemplateEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerEdit id={id} onClose={onClose} redirect={TEMPLATES_LIST} transform={withoutPlainDescription}>
    <SimpleForm validate={validatePromoCodeTemplate} toolbar={<TemplateToolbar deletable />}>
      <PromoCodeTemplateInputs />
    </SimpleForm>
  </DrawerEdit>
);

export const PromoCodeTemplateCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose} redirect={TEMPLATES_LIST} transform={withoutPlainDescription}>
    <SimpleForm
      validate={validatePromoCodeTemplate}
      defaultValues={NEW_TEMPLATE_DEFAULTS}
      toolbar={<TemplateToolbar deletable={false} />}
    >
      <PromoCodeTemplateInputs />
    </SimpleForm>
  </DrawerCreate>
);
