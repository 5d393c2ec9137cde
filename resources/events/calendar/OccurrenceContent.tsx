import EditNoteIcon from '@mui/icons-material/EditNote';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import type { EventContentArg } from '@fullcalendar/core';
import type { TranslateFunction } from 'react-admin';
import type { OccurrenceProps } from './occurrenceEvents';

/**
 * What an occurrence shows: its Zurich times (the lists too: their own time column would clip a night at
 * midnight, so EventCalendar turns it off), a mark for a draft and for a request waiting for a decision,
 * and the title.
 */
export const renderOccurrenceContent = (translate: TranslateFunction) => {
  const OccurrenceContent = (arg: EventContentArg) => {
    const { item, name, times } = arg.event.extendedProps as OccurrenceProps;
    const isListView = arg.view.type.startsWith('list');
    const content = (
      <span className="occurrence-content">
        {item.approvalStatus === 'PENDING' ? (
          <HourglassTopIcon titleAccess={translate('eventCalendar.calendar.pendingRequest')} />
        ) : null}
        {item.visibility === 'DRAFT' ? <EditNoteIcon titleAccess={translate('eventCalendar.calendar.draft')} /> : null}
        <span className="occurrence-times">{times}</span>
        <span className="occurrence-title">{arg.event.title}</span>
      </span>
    );
    // A grid draws the occurrence as a link itself; a list row does not, so the title is the link there.
    return isListView ? (
      <a href={arg.event.url} aria-label={name}>
        {content}
      </a>
    ) : (
      content
    );
  };
  return OccurrenceContent;
};
