import WidgetsIcon from '@mui/icons-material/Widgets';
import type { ResourceProps } from 'react-admin';
import type { WidgetSettings } from '../../domain/widget';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The widget settings resource: spread into `<Resource {...widgetSettings} />` so react-admin knows the API
 * collection. Its screens live under the menu's area (`/iframe`, the permission table's route), not under the
 * collection's name, so the shell routes them itself: `/iframe` picks the establishment (or goes straight to the
 * only widget an ADMIN has), `/iframe/:id` edits one widget, a URL to share.
 */
export const widgetSettings = {
  name: 'widget-settings',
  icon: WidgetsIcon,
  recordRepresentation: (record: WidgetSettings) => String(record.establishmentId),
} satisfies ResourceProps;

/** `/iframe`: the establishment choice, or the viewer's only widget. */
export const WidgetSettingsHome = lazyScreen(() => import('./WidgetSettingsHome'), 'WidgetSettingsHome');

/** `/iframe/:id`: one widget's look, preview and embedding. */
export const WidgetSettingsEdit = lazyScreen(() => import('./WidgetSettingsEdit'), 'WidgetSettingsEdit');

export default widgetSettings;
