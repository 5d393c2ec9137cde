import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import type { UserRecord } from '../../domain/user';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The Users resource: spread into `<Resource name="users" {...users} />`. Create and edit are drawers over
 * the list (`/users/create`, `/users/:id`), so the resource declares them with `hasCreate`/`hasEdit`
 * instead of routes of their own; canAccess decides who sees the buttons and row clicks.
 */
export const users = {
  list: lazyScreen(() => import('./UserList'), 'UserList'),
  hasCreate: true,
  hasEdit: true,
  hasShow: true,
  icon: PeopleIcon,
  recordRepresentation: (user: UserRecord) => `${user.firstName} ${user.lastName}`,
} satisfies Omit<ResourceProps, 'name'>;

export default users;
