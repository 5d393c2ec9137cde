import { Divider, Typography } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { scopeFieldOf } from '../../domain/access';
import { GENDERS } from '../../domain/user';
import { LOCALES } from '../../domain/languages';
import { RoleSelectInput } from './RoleInputs';
import { ScopePicker } from './scopeFields';
import { useRoles } from './useRoles';

const genderChoices = GENDERS.map((gender) => ({ id: gender, name: `resources.users.genders.${gender}` }));
const languageChoices = LOCALES.map(({ locale, name }) => ({ id: locale, name }));

const SectionTitle = ({ children }: { children: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
      {translate(children)}
    </Typography>
  );
};

/** Editing oneself: the server refuses a change of one's own role or scope, so the inputs say so first. */
const useIsSelf = (): boolean => {
  const record = useRecordContext<{ id: number }>();
  const { identity } = useGetIdentity();
  return record?.id !== undefined && identity?.id !== undefined && String(record.id) === String(identity.id);
};

/** Only the scope field that the chosen role uses (domain/access.ts scopeFieldOf). */
const ScopeInput = ({ disabled }: { disabled: boolean }) => {
  const roleId: unknown = useWatch({ name: 'roleId' });
  const { roleKeyOf } = useRoles();
  const roleKey = roleKeyOf(roleId);
  const field = roleKey ? scopeFieldOf(roleKey) : null;
  if (!field) return null;
  return <ScopePicker key={field} source={field} disabled={disabled} isRequired />;
};

/** Every field of the User record, shared by the create and edit drawers. */
export const UserInputs = () => {
  const isSelf = useIsSelf();
  const selfHelp = isSelf ? 'resources.users.self' : undefined;
  return (
    <>
      <SectionTitle>resources.users.sections.identity</SectionTitle>
      <TextInput source="firstName" isRequired />
      <TextInput source="lastName" isRequired />
      <TextInput source="username" isRequired />
      <TextInput source="email" type="email" isRequired />
      <TextInput source="phoneNumber" type="tel" />
      <SelectInput source="gender" choices={genderChoices} emptyText="" />
      <SelectInput source="language" choices={languageChoices} translateChoice={false} isRequired />
      <Divider flexItem />
      <SectionTitle>resources.users.sections.access</SectionTitle>
      <RoleSelectInput source="roleId" disabled={isSelf} helperText={selfHelp} isRequired />
      <ScopeInput disabled={isSelf} />
      <BooleanInput source="isActive" disabled={isSelf} />
      <Divider flexItem />
      <SectionTitle>resources.users.sections.account</SectionTitle>
      <BooleanInput source="hasPaidSubscription" />
      <TextInput source="billingLink" type="url" />
    </>
  );
};
