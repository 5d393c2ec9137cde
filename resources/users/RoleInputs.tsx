import { ReferenceField, SelectInput, useRecordContext, type SelectInputProps } from 'react-admin';
import { Typography } from '@mui/material';
import type { RoleRecord } from '../../domain/user';
import { useRoleName, useRoles } from './useRoles';

/** The role picker: the roles of GET /roles, labelled in the user's language. */
export const RoleSelectInput = (props: Omit<SelectInputProps, 'choices'> & { source: string }) => {
  const { roles, isPending } = useRoles();
  const roleName = useRoleName();
  return (
    <SelectInput
      {...props}
      choices={roles}
      isPending={isPending}
      optionText={(role: RoleRecord) => roleName(role.key)}
      translateChoice={false}
    />
  );
};

const RoleName = () => {
  const role = useRecordContext<RoleRecord>();
  const roleName = useRoleName();
  return role ? (
    <Typography variant="body2" component="span">
      {roleName(role.key)}
    </Typography>
  ) : null;
};

/** The user's role (a reference to `roles`), translated. */
export const RoleField = ({ source = 'roleId' }: { source?: string; label?: string }) => (
  <ReferenceField source={source} reference="roles" link={false}>
    <RoleName />
  </ReferenceField>
);
