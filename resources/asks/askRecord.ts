import type { AskRecord } from '../../domain/ask';

/**
 * The asks as the browser reads them (`GET /asks`, ARCHITECTURE.md §9): the domain's record, one per request
 * awaiting or having had a decision. Read-only: decisions go through the record's own approve/reject endpoints.
 */

export { ASK_KINDS, type AskKind, type AskResource } from '../../domain/ask';
export type Ask = AskRecord;

export type AskDecision = 'approve' | 'reject';

export const ASKS_RESOURCE = 'asks';
export const ASKS_PATH = '/asks';

/** The texts of the area (src/i18n/<lang>/asks.ts). */
export const ASK_TEXTS = 'resources.asks';

/** `/asks` under a filter, e.g. the Events page's pending event requests. */
export const asksPathWithFilter = (filter: Record<string, unknown>) => ({
  pathname: ASKS_PATH,
  search: `?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`,
});

/** Where the Events page's Requests button leads: the pending event requests. */
export const PENDING_EVENT_REQUESTS = { kind: 'EVENT_REQUEST', status: 'PENDING' } as const satisfies Partial<
  Record<keyof Ask, unknown>
>;
