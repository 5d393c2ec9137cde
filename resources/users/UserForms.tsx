import { Box } from '@mui/material';
import {
  DeleteButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useGetIdentity,
  useRecordContext,
  type Identifier,
} from 'react-admin';
import { DrawerCreate, DrawerEdit, DrawerShow } from '../shared/DrawerForms';
import { FormSection, ReadOnlyNotice } from '../shared/partner/ReadOnlySection';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { SendAccessLinkButton } from './SendAccessLinkButton';
import { UserInputs } from './UserInputs';
import { useRoles } from './useRoles';
import { useKeepScopeOfRole, useUserValidation } from './userValidation';

const NEW_USER_DEFAULTS = {
  hasPaidSubscription: false,
  isActive: true,
  language: 'en',
  gender: null,
  establishmentId: null,
  promoterGroupId: null,
};

/** Nobody deletes their own account from here (Settings has its own, confirmed by mail). */
const DeleteOtherUserButton = () => {
  const user = useRecordContext<{ id: Identifier }>();
  const { identity } = useGetIdentity();
  const notifyError = useNotifyResourceError();
  if (!user || (identity && String(identity.id) === String(user.id))) return null;
  return <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError: notifyError }} />;
};

const UserEditToolbar = () => (
  <Toolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
    <SaveButton />
    <SendAccessLinkButton />
    <Box sx={{ flex: 1 }} />
    <DeleteOtherUserButton />
  </Toolbar>
);

const useUserForm = () => {
  const { roleKeyOf } = useRoles();
  return { validate: useUserValidation(roleKeyOf), transform: useKeepScopeOfRole(roleKeyOf) };
};

export const UserEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => {
  const { validate, transform } = useUserForm();
  return (
    <DrawerEdit id={id} onClose={onClose} transform={transform}>
      <SimpleForm validate={validate} toolbar={<UserEditToolbar />}>
        <UserInputs />
      </SimpleForm>
    </DrawerEdit>
  );
};

/** A user the viewer may read but not change (a platform coordinator): the same fields, disabled, no toolbar. */
export const UserShow = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerShow id={id} onClose={onClose}>
    <ReadOnlyNotice reason="role" />
    <SimpleForm toolbar={false}>
      <FormSection readOnly>
        <UserInputs />
      </FormSection>
    </SimpleForm>
  </DrawerShow>
);

export const UserCreate = ({ onClose }: { onClose: () => void }) => {
  const { validate, transform } = useUserForm();
  return (
    <DrawerCreate onClose={onClose} transform={transform}>
      <SimpleForm validate={validate} defaultValues={NEW_USER_DEFAULTS}>
        <UserInputs />
      </SimpleForm>
    </DrawerCreate>
  );
};
