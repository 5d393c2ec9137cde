import { describe, expect, it } from 'vitest';
import {
  OFFER_PROBLEMS,
  exclusiveOfferStatus,
  offerInputSchema,
  offerWindowInstants,
  recurrentOfferOccurrences,
  recurrentOfferStatus,
  spotsLeft,
} from '../../domain/offer';
import type { RecurrenceRule } from '../../domain/recurrence';

const window = { startDate: '2026-03-28', startTime: '22:00', endDate: '2026-03-29', endTime: '04:00' };
const published = { ...window, visibility: 'PUBLISHED' as const, availableSpots: 10, claimedSpots: 3 };

describe('an exclusive offer’s window', () => {
  it('is Europe/Zurich wall clock, across the spring clock change', () => {
    // 28 March 2026 is still winter time (UTC+1); 29 March 04:00 is summer time (UTC+2).
    expect(offerWindowInstants(window)).toEqual({ startsAt: '2026-03-28T21:00:00Z', endsAt: '2026-03-29T02:00:00Z' });
  });

  it('ends the next day when the end time is before the start time on the start date', () => {
    const overnight = { startDate: '2026-07-10', startTime: '22:00', endDate: '2026-07-10', endTime: '02:00' };
    expect(offerWindowInstants(overnight).endsAt).toBe('2026-07-11T00:00:00Z');
  });
});

describe('exclusiveOfferStatus', () => {
  it('is draft, upcoming, running, sold out or ended by the instant and the spots', () => {
    expect(exclusiveOfferStatus({ ...published, visibility: 'DRAFT' }, '2026-03-28T22:00:00Z')).toBe('draft');
    expect(exclusiveOfferStatus(published, '2026-03-28T20:59:59Z')).toBe('upcoming');
    expect(exclusiveOfferStatus(published, '2026-03-28T21:00:00Z')).toBe('running');
    expect(exclusiveOfferStatus({ ...published, claimedSpots: 10 }, '2026-03-28T22:00:00Z')).toBe('soldOut');
    expect(exclusiveOfferStatus(published, '2026-03-29T02:00:00Z')).toBe('ended');
    expect(exclusiveOfferStatus({ ...published, claimedSpots: 10 }, '2026-03-29T02:00:00Z')).toBe('ended');
  });

  it('counts the spots left, never below zero', () => {
    expect(spotsLeft(published)).toBe(7);
    expect(spotsLeft({ availableSpots: 2, claimedSpots: 5 })).toBe(0);
  });
});

describe('recurrentOfferStatus', () => {
  const series = { firstStartsAt: '2026-01-01T20:00:00Z', lastEndsAt: '2026-06-01T22:00:00Z' };
  const offer = { visibility: 'PUBLISHED' as const, isActivated: true, series };
  it('follows the series’ bounds while activated', () => {
    expect(recurrentOfferStatus(offer, '2025-12-31T00:00:00Z')).toBe('upcoming');
    expect(recurrentOfferStatus(offer, '2026-03-01T00:00:00Z')).toBe('running');
    expect(recurrentOfferStatus(offer, '2026-06-01T22:00:00Z')).toBe('ended');
    expect(recurrentOfferStatus({ ...offer, series: { ...series, lastEndsAt: null } }, '2099-01-01T00:00:00Z')).toBe(
      'running',
    );
    expect(recurrentOfferStatus({ ...offer, isActivated: false }, '2026-03-01T00:00:00Z')).toBe('paused');
    expect(recurrentOfferStatus({ ...offer, visibility: 'DRAFT' }, '2026-03-01T00:00:00Z')).toBe('draft');
  });

  it('applies to the occurrences the recurrence engine gives, none while not activated', () => {
    const rule: RecurrenceRule = {
      startDate: '2026-10-01',
      endDate: null,
      startTime: '22:00',
      endTime: '02:00',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['THURSDAY'],
      recurrenceEndType: 'NEVER',
      maxOccurrences: null,
      recurrenceEndDate: null,
    };
    const month = { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z' };
    const occurrences = recurrentOfferOccurrences({ isActivated: true }, rule, [], month);
    expect(occurrences.map((occurrence) => occurrence.startsAt)).toEqual([
      '2026-10-01T20:00:00Z',
      '2026-10-08T20:00:00Z',
      '2026-10-15T20:00:00Z',
      '2026-10-22T20:00:00Z',
      // After the autumn clock change, 22:00 stays 22:00 (UTC+1).
      '2026-10-29T21:00:00Z',
    ]);
    expect(recurrentOfferOccurrences({ isActivated: false }, rule, [], month)).toEqual([]);
  });
});

describe('offerInputSchema', () => {
  const exclusive = {
    offerType: 'EXCLUSIVE',
    establishmentId: 1,
    eventId: 2,
    offerTypeId: 3,
    promotionId: 4,
    availableSpots: 1,
    ...window,
  };
  const problems = (input: object) => {
    const result = offerInputSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes the smallest valid exclusive offer, and drops the other type’s fields', () => {
    const parsed = offerInputSchema.parse({ ...exclusive, isActivated: true, claimedSpots: 9 });
    expect(parsed).not.toHaveProperty('isActivated');
    expect(parsed).not.toHaveProperty('claimedSpots');
  });

  it('names the field of each problem', () => {
    expect(problems({ ...exclusive, availableSpots: 0 })).toHaveProperty('availableSpots');
    expect(problems({ ...exclusive, endDate: '2026-03-27' })).toEqual({
      endDate: OFFER_PROBLEMS.endDateBeforeStartDate,
    });
    expect(problems({ ...exclusive, endDate: '2026-03-28', endTime: '22:00' })).toEqual({
      endTime: OFFER_PROBLEMS.endBeforeStart,
    });
    expect(problems({ ...exclusive, establishmentId: null })).toEqual({
      establishmentId: OFFER_PROBLEMS.ownerRequired,
    });
    expect(problems({ ...exclusive, startDate: 'soon' })).toHaveProperty('startDate');
  });
});
