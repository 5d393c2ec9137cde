import { Temporal } from 'temporal-polyfill';
import { ROLE_SCOPES, type Viewer } from '../../../domain/access';
import { zonedInstant } from '../../../domain/recurrence';
import { isRoleKey } from '../../../domain/roles';
import { addDays, weekStartOf, zurichToday } from '../../../domain/statistics';

/**
 * Whose figures a card counts (docs/dashboard.md "Scope"): the platform for the roles that see everything, the
 * viewer's establishment for the venue staff, the viewer's promoter group for a promoter, the customer's own
 * records for a customer. A staff account without its establishment or group has an empty scope (`id` null):
 * every figure is zero.
 */
export type DashboardScope =
  | { kind: 'PLATFORM' }
  | { kind: 'ESTABLISHMENT'; id: number | null }
  | { kind: 'PROMOTER_GROUP'; id: number | null }
  | { kind: 'CUSTOMER'; userId: number };

/** The widest scope among the viewer's roles (one role per account in practice). */
export function dashboardScopeOf(viewer: Viewer): DashboardScope {
  const kinds = viewer.roleKeys.filter(isRoleKey).map((key) => ROLE_SCOPES[key]);
  if (kinds.includes('all')) return { kind: 'PLATFORM' };
  if (kinds.includes('establishment')) return { kind: 'ESTABLISHMENT', id: viewer.establishmentId };
  if (kinds.includes('promoterGroup')) return { kind: 'PROMOTER_GROUP', id: viewer.promoterGroupId };
  return { kind: 'CUSTOMER', userId: viewer.userId };
}

/** What a card needs to know of the moment it answers: now, today and this ISO week in Europe/Zurich. */
export interface DashboardClock {
  now: Date;
  /** Today in Zurich, `YYYY-MM-DD`. */
  today: string;
  /** Monday and Sunday of this ISO week (Zurich dates). */
  weekStart: string;
  weekEnd: string;
}

export function dashboardClockOf(now: Date): DashboardClock {
  const today = zurichToday(now);
  const weekStart = weekStartOf(today);
  return { now, today, weekStart, weekEnd: addDays(weekStart, 6) };
}

/** The first instant of a Zurich day (`2026-03-29` starts at 23:00 UTC the day before). */
export const startOfZurichDay = (date: string): Date => new Date(zonedInstant(date, '00:00'));

/** The Zurich days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; Temporal.PlainDate.compare(day, to) <= 0; day = addDays(day, 1)) days.push(day);
  return days;
}
