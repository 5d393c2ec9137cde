import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The Mail outbox (ROOT only, outside production): spread into `<Resource name="outbox" {...outbox} />`.
 * Access is decided by the auth provider's canAccess; the server checks again.
 */
export const outbox = {
  list: lazyScreen(() => import('./OutboxList'), 'OutboxList'),
  show: lazyScreen(() => import('./OutboxShow'), 'OutboxShow'),
  icon: MailOutlineIcon,
  recordRepresentation: 'subject',
} satisfies Omit<ResourceProps, 'name'>;

export default outbox;
