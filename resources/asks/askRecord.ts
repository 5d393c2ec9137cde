import type { Identifier } from 'react-admin';
import type { ApprovalStatus } from '../../domain/enums';

/**
 * The asks as the browser reads them (`GET /asks`, ARCHITECTURE.md §9): one record per request awaiting or
 * having had a decision, pointing at the record it is about (an event request, a template request).
 * Read-only: decisions go through the record's own approve/reject endpoints.
 */

export const ASK_KINDS = ['EVENT_REQUEST', 'TEMPLATE_REQUEST'] as const;
export type AskKind = (typeof ASK_KINDS)[number];

/** The collection of the record an ask is about. */
export type AskResource = 'events' | 'offer-templates';

export interface Ask {
  id: Identifier;
  kind: AskKind;
  resource: AskResource;
  recordId: number;
  status: ApprovalStatus;
  /** The decider's reason (required on a rejection, an optional note on an approval). */
  reason: string | null;
  requestedBy: number | null;
  requestedAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
  /** Pending, and the viewer may decide it. */
  awaitsMe: boolean;
  /** Our extensions: the event's title or the template's short title, the owner, and the people by name. */
  title: string;
  establishmentId: number | null;
  promoterGroupId: number | null;
  requestedByName: string | null;
  decidedByName: string | null;
}

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
