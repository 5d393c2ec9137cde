import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  SimpleListClasses,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import type { UserRecord } from '../../domain/user';
import { RecordRouteDrawer, useRecordRowClick } from '../shared/RecordRouteDrawer';
import { RoleField, RoleSelectInput } from './RoleInputs';
import { ScopePicker, UserScopeField } from './scopeFields';
import { UserCreate, UserEdit, UserShow } from './UserForms';
import { useRoleName, useRoles } from './useRoles';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <RoleSelectInput key="roleId" source="roleId" />,
  <ScopePicker key="establishmentId" source="establishmentId" helperText={false} />,
  <ScopePicker key="promoterGroupId" source="promoterGroupId" helperText={false} />,
  <NullableBooleanInput key="hasPaidSubscription" source="hasPaidSubscription" />,
  <NullableBooleanInput key="isActive" source="isActive" />,
];

const fullName = (user: Pick<UserRecord, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/** The role, at the right of the name as SimpleList places a text (an element it would set inline, glued to the name). */
const RoleText = () => {
  const user = useRecordContext<UserRecord>();
  const { roleKeyOf } = useRoles();
  const roleName = useRoleName();
  const key = roleKeyOf(user?.roleId);
  return <span className={SimpleListClasses.tertiary}>{key ? roleName(key) : ''}</span>;
};

/** Phones: one line per user (name, email, role). */
const UserSimpleList = () => (
  <SimpleList<UserRecord>
    rowClick={useRecordRowClick()}
    primaryText={fullName}
    secondaryText={(user) => user.email}
    tertiaryText={<RoleText />}
  />
);

/** Rows open the edit drawer for whoever may change users, the read-only one for whoever may only read them. */
const UserTable = () => (
  <DataTable<UserRecord> rowClick={useRecordRowClick()} bulkActionButtons={false}>
    <DataTable.Col source="lastName" label="resources.users.fields.name" render={fullName} />
    <DataTable.Col source="username" />
    <DataTable.Col source="email" />
    <DataTable.Col source="roleId">
      <RoleField />
    </DataTable.Col>
    <DataTable.Col label="resources.users.fields.scope" disableSort>
      <UserScopeField />
    </DataTable.Col>
    <DataTable.Col source="hasPaidSubscription">
      <BooleanField source="hasPaidSubscription" />
    </DataTable.Col>
    <DataTable.Col source="isActive">
      <BooleanField source="isActive" />
    </DataTable.Col>
  </DataTable>
);

/** The create, edit or read-only drawer the route asks for, when the user may open it (RecordRouteDrawer). */
const UserDrawer = () => {
  const { canAccess: canCreate } = useCanAccess({ resource: 'users', action: 'create' });
  return (
    <RecordRouteDrawer
      create={(onClose) => (canCreate ? <UserCreate onClose={onClose} /> : null)}
      edit={(id, onClose) => <UserEdit key={String(id)} id={id} onClose={onClose} />}
      show={(id, onClose) => <UserShow key={String(id)} id={id} onClose={onClose} />}
    />
  );
};

/** Users: search, filters, sort, pages; create and edit in a drawer over the list. */
export const UserList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <List sort={{ field: 'lastName', order: 'ASC' }} filters={userFilters} perPage={25}>
        {isPhone ? <UserSimpleList /> : <UserTable />}
      </List>
      <UserDrawer />
    </>
  );
};
