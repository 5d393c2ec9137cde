import { Temporal } from 'temporal-polyfill';
import type { OccurrenceItem } from '../../../domain/event';
import { EVENT_TIME_ZONE } from '../../../domain/recurrence';
import type { WidgetVenue } from './data';

/**
 * One occurrence as an iCalendar file (RFC 5545): the zone's definition, local times in it, a UID stable per
 * occurrence, text escaped, lines ended by CRLF and folded at 75 octets without splitting a character.
 */

/** Europe/Zurich's rules since 1981 (the EU's last Sundays of March and October). */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${EVENT_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const MAX_OCTETS = 75;

/** A content line folded into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** `20260501T210000`: the local wall-clock time in the zone. */
const localStamp = (instant: string): string =>
  Temporal.Instant.from(instant)
    .toZonedDateTimeISO(EVENT_TIME_ZONE)
    .toPlainDateTime()
    .toString({ smallestUnit: 'second' })
    .replace(/[-:]/g, '');

/** `20260501T190000Z` */
const utcStamp = (date: Date): string => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export interface IcsInput {
  item: OccurrenceItem;
  venue: WidgetVenue;
  /** Where the event can be seen (its ticket page), or the widget. */
  url: string;
  /** This server's host, the UID's right-hand side. */
  host: string;
  now: Date;
  description: string | null;
}

export function occurrenceIcs({ item, venue, url, host, now, description }: IcsInput): string {
  const location = [venue.name, venue.address, venue.address?.includes(venue.city ?? '\u0000') ? null : venue.city]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  const uid = `${item.eventId}-${utcStamp(new Date(item.originalStartsAt))}@${host}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//Venue widget//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${EVENT_TIME_ZONE}:${localStamp(item.startsAt)}`,
    `DTEND;TZID=${EVENT_TIME_ZONE}:${localStamp(item.endsAt)}`,
    `SUMMARY:${escapeText(item.eventTitle)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
