import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { ResourceProps } from 'react-admin';
import { OutboxList } from './OutboxList';
import { OutboxShow } from './OutboxShow';

/**
 * The Mail outbox (ROOT only, outside production): spread into `<Resource name="outbox" {...outbox} />`.
 * Access is decided by the auth provider's canAccess; the server checks again.
 */
export const outbox = {
  list: OutboxList,
  show: OutboxShow,
  icon: MailOutlineIcon,
  recordRepresentation: 'subject',
} satisfies Omit<ResourceProps, 'name'>;

export default outbox;
