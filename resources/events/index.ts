import EventIcon from '@mui/icons-material/Event';
import type { ResourceProps } from 'react-admin';
import type { Event } from '../../domain/event';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The Events resource: spread into `<Resource {...events} />`. Create and edit are pages holding the
 * stepper of the viewer's flow (establishment or promoter); `/events/:id?occurrence=<ISO>`
 * edits one occurrence of a series (the calendar opens it).
 */
export const events = {
  name: 'events',
  list: lazyScreen(() => import('./EventList'), 'EventList'),
  create: lazyScreen(() => import('./EventForms'), 'EventCreate'),
  edit: lazyScreen(() => import('./EventForms'), 'EventEdit'),
  icon: EventIcon,
  recordRepresentation: (event: Event) => event.generalInfos.eventTitle,
} satisfies ResourceProps;

export default events;

/** Links into the events page (the dashboard's cards): light, no screen code. */
export { EVENTS_PATH, eventsPathWithFilter, useEventsViewSetters } from './eventsLinks';
