import NotificationsIcon from '@mui/icons-material/Notifications';
import type { ResourceProps } from 'react-admin';
import type { NotificationRecord } from '../../domain/notification';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The notifications resource: spread into `<Resource {...notifications} />`. Its list is the `/notifications`
 * page (every role's own notifications); a notification opens the record it is about, so there is no show or edit.
 */
export const notifications = {
  name: 'notifications',
  list: lazyScreen(() => import('./NotificationList'), 'NotificationList'),
  icon: NotificationsIcon,
  recordRepresentation: (notification: NotificationRecord) => notification.title,
} satisfies ResourceProps;

/** The app bar's bell (loaded with the shell: every page shows it). */
export { NotificationBell } from './NotificationBell';

/** Settings' section of mail preferences (Settings itself loads lazily). */
export { NotificationPreferences } from './NotificationPreferences';

export default notifications;
