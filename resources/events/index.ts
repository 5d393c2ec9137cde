import EventIcon from '@mui/icons-material/Event';
import type { ResourceProps } from 'react-admin';
import type { Event } from '../../domain/event';
import { EventCreate, EventEdit } from './EventForms';
import { EventList } from './EventList';

/**
 * The Events resource: spread into `<Resource {...events} />`. Create and edit are pages holding the
 * stepper of the viewer's flow (establishment or promoter); `/events/:id?occurrence=<ISO>`
 * edits one occurrence of a series (the calendar opens it).
 */
export const events = {
  name: 'events',
  list: EventList,
  create: EventCreate,
  edit: EventEdit,
  icon: EventIcon,
  recordRepresentation: (event: Event) => event.generalInfos.eventTitle,
} satisfies ResourceProps;

export default events;
