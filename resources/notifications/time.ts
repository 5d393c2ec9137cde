import { formatDateTime, intlLocaleOf } from '../shared/dateFormat';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a notification came, in the interface language: "5 minutes ago" within the hour, "3 hours ago" within the
 * day, else the date and 24-hour time ("25.11.2026, 23:58"). Under a minute: `justNow` (translated by the caller).
 */
export const notificationTimeText = (
  createdAt: string,
  locale: string,
  justNow: string,
  now: number = Date.now(),
): string => {
  const ago = now - new Date(createdAt).getTime();
  if (!Number.isFinite(ago)) return '';
  if (ago < MINUTE) return justNow;
  const relative = new Intl.RelativeTimeFormat(intlLocaleOf(locale), { numeric: 'always', style: 'long' });
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < 24 * HOUR) return relative.format(-Math.floor(ago / HOUR), 'hour');
  return formatDateTime(createdAt, locale);
};
