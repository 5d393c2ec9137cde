import HistoryIcon from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The audit log (ROOT only, read-only): spread into `<Resource name="audit-log" {...auditLog} />`.
 * No create, edit or delete: entries are written by the server on every change.
 */
export const auditLog = {
  list: lazyScreen(() => import('./AuditLogList'), 'AuditLogList'),
  icon: HistoryIcon,
  recordRepresentation: 'id',
} satisfies Omit<ResourceProps, 'name'>;

export default auditLog;
