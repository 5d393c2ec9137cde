import { describe, expect, it } from 'vitest';
import { notificationPath } from '../../resources/notifications/paths';
import { notificationTimeText } from '../../resources/notifications/time';

/** Where a notification leads, and how its time reads, in the interface language. */
describe('the record a notification opens', () => {
  it.each([
    ['events', 51, '/events/51'],
    ['events', null, '/notifications'],
    ['offers', 8, '/discount/8'],
    ['offer-templates', 61, '/request-discount-template/61'],
    ['asks', 3, '/asks/3'],
    ['users', 12, '/settings'],
    ['users', 99, '/users/99'],
    [null, null, '/notifications'],
  ] as const)('%s %s opens %s', (resource, recordId, path) => {
    expect(notificationPath({ resource, recordId }, 12)).toBe(path);
  });
});

describe('the time of a notification', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('is relative within the day, in the interface language', () => {
    expect(notificationTimeText(ago(20_000), 'en', 'just now', now)).toBe('just now');
    expect(notificationTimeText(ago(5 * 60_000), 'en', 'just now', now)).toBe('5 minutes ago');
    expect(notificationTimeText(ago(5 * 60_000), 'de', 'gerade eben', now)).toBe('vor 5 Minuten');
    expect(notificationTimeText(ago(3 * 3_600_000), 'fr', 'à l’instant', now)).toBe('il y a 3 heures');
    expect(notificationTimeText(ago(3 * 3_600_000), 'it', 'adesso', now)).toBe('3 ore fa');
  });

  it('is the date and 24-hour time after a day', () => {
    const text = notificationTimeText('2026-11-20T21:05:00.000Z', 'de', 'gerade eben', now);
    expect(text).toMatch(/^20\.11\.2026, \d{2}:05$/);
    expect(text).not.toMatch(/AM|PM/);
  });
});
