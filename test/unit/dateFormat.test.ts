import { describe, expect, it } from 'vitest';
import {
  datePlaceholderOf,
  formatDateInput,
  formatDateTime,
  parseDateInput,
  parseTimeInput,
} from '../../resources/shared/dateFormat';

describe('dates typed and shown in the interface language', () => {
  it('shows a date the way each language writes it', () => {
    expect(formatDateInput('2026-12-31', 'de')).toBe('31.12.2026');
    expect(formatDateInput('2026-12-31', 'fr')).toBe('31.12.2026');
    expect(formatDateInput('2026-12-31', 'it')).toBe('31.12.2026');
    expect(formatDateInput('2026-12-31', 'en')).toBe('31/12/2026');
  });

  it('hints the format with the letters of each language', () => {
    expect(datePlaceholderOf('de')).toBe('TT.MM.JJJJ');
    expect(datePlaceholderOf('fr')).toBe('JJ.MM.AAAA');
    expect(datePlaceholderOf('it')).toBe('GG.MM.AAAA');
    expect(datePlaceholderOf('en')).toBe('DD/MM/YYYY');
  });

  it('reads a typed date day first, with any separator, short parts and a two-digit year', () => {
    expect(parseDateInput('31.12.2026', 'de')).toBe('2026-12-31');
    expect(parseDateInput('2.1.27', 'de')).toBe('2027-01-02');
    expect(parseDateInput(' 02/01/2027 ', 'en')).toBe('2027-01-02');
    expect(parseDateInput('2-1-2027', 'it')).toBe('2027-01-02');
    expect(parseDateInput('2027-01-02', 'fr')).toBe('2027-01-02');
  });

  it('refuses what is not a real day', () => {
    for (const text of [
      '30.02.2026',
      '31.04.2026',
      '12/31/2026',
      '1.1',
      '',
      'x',
      '1.1.202',
      '2026-02-30',
      '01.13.2026',
    ]) {
      expect(parseDateInput(text, 'de'), text).toBeNull();
    }
    expect(parseDateInput('29.02.2028', 'de')).toBe('2028-02-29');
  });

  it('round-trips every shown date', () => {
    for (const locale of ['en', 'fr', 'de', 'it']) {
      for (const iso of ['2026-01-01', '2027-02-28', '2028-02-29', '2030-12-31']) {
        expect(parseDateInput(formatDateInput(iso, locale), locale)).toBe(iso);
      }
    }
  });

  it('reads times on a 24-hour clock only', () => {
    expect(parseTimeInput('20:30')).toBe('20:30');
    expect(parseTimeInput('20.30')).toBe('20:30');
    expect(parseTimeInput('2030')).toBe('20:30');
    expect(parseTimeInput('8:05')).toBe('08:05');
    expect(parseTimeInput('20')).toBe('20:00');
    expect(parseTimeInput('23:59')).toBe('23:59');
    for (const text of ['24:00', '8:5', '8:30 PM', '20:60', '', 'x']) expect(parseTimeInput(text), text).toBeNull();
  });

  it('shows an instant as a short date and a 24-hour time in every language', () => {
    const lateEvening = new Date(2026, 10, 25, 23, 58, 15);
    expect(formatDateTime(lateEvening, 'de')).toBe('25.11.2026, 23:58');
    expect(formatDateTime(lateEvening, 'en')).toBe('25/11/2026, 23:58');
    expect(formatDateTime(lateEvening, 'fr')).toMatch(/^25\.11\.2026,? 23:58$/);
    expect(formatDateTime(lateEvening, 'it')).toMatch(/^25\.11\.2026,? 23:58$/);
  });
});
