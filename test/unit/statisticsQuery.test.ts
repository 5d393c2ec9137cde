import { describe, expect, it } from 'vitest';
import { filterOf, searchOf, viewOf } from '../../resources/statistics/statisticsQuery';
import { averageApprovalSeconds, changeOf, formatDuration } from '../../resources/statistics/statisticsFormat';

/** The statistics page's address (`/statistics?…`) read and written, and the figures it derives. */

const TODAY = '2026-11-27';

describe('the statistics address', () => {
  it('defaults to the viewer’s own scope over the last 30 days', () => {
    expect(viewOf('', TODAY)).toEqual({ scope: null, preset: 'last30', period: { from: '2026-10-29', to: TODAY } });
  });

  it('reads a scope, a preset and a custom period', () => {
    expect(viewOf('?establishmentId=3&preset=last7', TODAY)).toEqual({
      scope: { parameter: 'establishmentId', id: 3 },
      preset: 'last7',
      period: { from: '2026-11-21', to: TODAY },
    });
    expect(viewOf('?eventId=24&from=2026-01-01&to=2026-03-31', TODAY)).toEqual({
      scope: { parameter: 'eventId', id: 24 },
      preset: 'custom',
      period: { from: '2026-01-01', to: '2026-03-31' },
    });
    expect(viewOf('?preset=thisYear', TODAY).period).toEqual({ from: '2026-01-01', to: TODAY });
  });

  it.each([
    ['?establishmentId=0', null],
    ['?establishmentId=-3', null],
    ['?establishmentId=abc', null],
    ['?establishmentId=99999999999', null],
    ['?promoterGroupId=8&eventId=3', { parameter: 'promoterGroupId', id: 8 }],
  ])('takes %s as scope %j', (search, scope) => {
    expect(viewOf(search, TODAY).scope).toEqual(scope);
  });

  it.each([
    '?preset=custom&from=2026-02-30&to=2026-03-31',
    '?preset=custom&from=2026-03-31&to=2026-03-01',
    '?preset=custom&from=2020-01-01&to=2026-03-01',
    '?preset=custom&from=31.12.2025&to=2026-03-01',
    '?preset=custom&from=2026-01-01',
    '?preset=lastCentury',
  ])('falls back to the last 30 days on %s', (search) => {
    expect(viewOf(search, TODAY)).toMatchObject({ preset: 'last30', period: { from: '2026-10-29', to: TODAY } });
  });

  it('writes what it reads, and the API filter names the scope and both ends of the period', () => {
    for (const search of ['?preset=last90', '?promoterGroupId=8&preset=custom&from=2026-01-01&to=2026-03-31']) {
      expect(searchOf(viewOf(search, TODAY))).toBe(search);
    }
    expect(filterOf(viewOf('?eventId=24&preset=last7', TODAY))).toEqual({
      eventId: 24,
      from: '2026-11-21',
      to: TODAY,
    });
  });
});

describe('the derived figures', () => {
  it('gives the average approval time only when a request was decided', () => {
    expect(averageApprovalSeconds({ approvalSeconds: 36_000, requestsDecided: 4 })).toBe(9000);
    expect(averageApprovalSeconds({ approvalSeconds: 0, requestsDecided: 0 })).toBeNull();
  });

  it('gives no change against an empty previous period', () => {
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(0, 4)).toBe(-1);
    expect(changeOf(6, 4)).toBe(0.5);
  });

  it('shows durations in hours up to two days, in days beyond', () => {
    expect(formatDuration(9000, 'en')).toMatch(/^2\.5\s*hr/);
    expect(formatDuration(3 * 86_400, 'de')).toMatch(/^3 Tg\.|^3 Tage/);
  });
});
