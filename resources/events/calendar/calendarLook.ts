import { alpha, type SxProps, type Theme } from '@mui/material';
import { OCCURRENCE_CLASSES } from './occurrenceEvents';

export const CALENDAR_CLASSES = {
  /** The viewer may create events: empty days and time slots start one. */
  creates: 'occurrence-calendar-creates',
} as const;

/**
 * FullCalendar's colours from the MUI theme through its CSS variables, so the calendar follows the light
 * and dark schemes. Drafts are outlined (dashed, no fill); pending requests carry a warning stripe;
 * rejected requests are struck through.
 */
export const calendarLook: SxProps<Theme> = (theme: Theme) => ({
  '--fc-border-color': theme.palette.divider,
  '--fc-page-bg-color': theme.palette.background.paper,
  '--fc-neutral-bg-color': theme.palette.action.hover,
  '--fc-neutral-text-color': theme.palette.text.secondary,
  '--fc-today-bg-color': alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.1),
  '--fc-highlight-color': alpha(theme.palette.primary.main, 0.2),
  '--fc-now-indicator-color': theme.palette.error.main,
  '--fc-event-bg-color': theme.palette.primary.main,
  '--fc-event-border-color': theme.palette.primary.main,
  '--fc-event-text-color': theme.palette.primary.contrastText,
  '--fc-list-event-dot-width': '8px',
  '--fc-list-event-hover-bg-color': theme.palette.action.hover,
  '--fc-button-text-color': theme.palette.primary.contrastText,
  '--fc-button-bg-color': theme.palette.primary.main,
  '--fc-button-border-color': theme.palette.primary.main,
  '--fc-button-hover-bg-color': theme.palette.primary.dark,
  '--fc-button-hover-border-color': theme.palette.primary.dark,
  '--fc-button-active-bg-color': theme.palette.primary.dark,
  '--fc-button-active-border-color': theme.palette.primary.dark,
  padding: theme.spacing(1, 2, 2),
  color: theme.palette.text.primary,
  fontFamily: theme.typography.fontFamily,
  '& .fc .fc-toolbar-title': { fontSize: theme.typography.h6.fontSize, fontWeight: theme.typography.h6.fontWeight },
  // On a phone the three toolbar groups wrap instead of running off the screen.
  '& .fc .fc-header-toolbar': { flexWrap: 'wrap', gap: theme.spacing(1) },
  [theme.breakpoints.down('sm')]: {
    padding: theme.spacing(1),
    '& .fc .fc-toolbar-title': { fontSize: theme.typography.subtitle1.fontSize },
  },
  '& .fc .fc-button': { textTransform: 'none', borderRadius: `${theme.shape.borderRadius}px` },
  '& .fc a': { color: 'inherit' },
  '& .fc-event': { cursor: 'pointer' },
  '& .fc-event:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 1 },
  // Days as links to a new event (EventCalendar useNewEventFromCalendar): shown as such, and their focus.
  '& .fc a[data-navlink]:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 1 },
  [`&.${CALENDAR_CLASSES.creates} .fc-daygrid-day-frame, &.${CALENDAR_CLASSES.creates} .fc-timegrid-slot-lane`]: {
    cursor: 'pointer',
  },
  [`& .fc-event.${OCCURRENCE_CLASSES.draft}`]: {
    backgroundColor: 'transparent',
    borderStyle: 'dashed',
    borderWidth: 2,
    '& .fc-event-main': { color: theme.palette.text.primary },
  },
  [`& .fc-list-event.${OCCURRENCE_CLASSES.draft} .fc-list-event-dot`]: {
    backgroundColor: 'transparent',
    borderStyle: 'dashed',
  },
  [`& .fc-event.${OCCURRENCE_CLASSES.pending}`]: { borderLeft: `6px solid ${theme.palette.warning.main}` },
  [`& .fc-event.${OCCURRENCE_CLASSES.rejected} .occurrence-title`]: { textDecoration: 'line-through' },
  '& .occurrence-content': {
    display: 'flex',
    alignItems: 'center',
    gap: 0.5,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    px: 0.25,
  },
  '& .occurrence-times': { fontWeight: 600, flexShrink: 0 },
  '& .occurrence-title': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .occurrence-content svg': { fontSize: '1em', flexShrink: 0 },
});
