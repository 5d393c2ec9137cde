import { z } from 'zod';
import { canDecideRequest, type Viewer } from './access';
import { APPROVAL_STATUSES, type ApprovalStatus } from './enums';
import { decidesTemplates } from './offerTemplate';
import { idOrIdsSchema } from './records';

/**
 * Asks (docs/asks.md): one inbox of the requests that wait for a decision, read-only (`GET /asks`,
 * ARCHITECTURE.md §9). An ask is kept by the database beside the record asked for (a promoter's event
 * request, a partner's template request), in the same transaction as every change of it; it is decided
 * through the record's own approve and reject.
 */

export const ASK_KINDS = ['EVENT_REQUEST', 'TEMPLATE_REQUEST'] as const;
export type AskKind = (typeof ASK_KINDS)[number];

export const ASK_STATUSES = APPROVAL_STATUSES;
export type AskStatus = ApprovalStatus;

/** The collection each kind's record lives in (the record's own approve and reject are there). */
export const ASK_RESOURCES = { EVENT_REQUEST: 'events', TEMPLATE_REQUEST: 'offer-templates' } as const satisfies Record<
  AskKind,
  string
>;
export type AskResource = (typeof ASK_RESOURCES)[AskKind];

/** An ask as `GET /asks` answers it: the contract's fields, then ours (title, owners, names). */
export interface AskRecord {
  id: number;
  kind: AskKind;
  resource: AskResource;
  recordId: number;
  status: AskStatus;
  /** The decider's reason (a rejection) or note (an approval); null while pending. */
  reason: string | null;
  requestedBy: number | null;
  requestedAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
  /** Pending, and the viewer may decide it. */
  awaitsMe: boolean;
  /** The event's title, the template's short title. */
  title: string;
  establishmentId: number | null;
  promoterGroupId: number | null;
  /** First and last name (partners cannot read other users). */
  requestedByName: string | null;
  decidedByName: string | null;
}

/** A Swiss calendar day (`YYYY-MM-DD`, Europe/Zurich), from the year 1000 on (PostgreSQL has no year 0). */
const askDaySchema = z.iso.date().refine((date) => !date.startsWith('0'), 'From the year 1000 on');

/** `GET /asks`'s filter keys besides `id` (getMany) and `q` (title search). */
export const ASK_FILTERS = {
  kind: z.enum(ASK_KINDS),
  status: z.union([z.enum(ASK_STATUSES), z.array(z.enum(ASK_STATUSES)).min(1).max(ASK_STATUSES.length)]),
  establishmentId: idOrIdsSchema,
  promoterGroupId: idOrIdsSchema,
  /** Asked on this Zurich day or later. */
  requestedFrom: askDaySchema,
  /** Asked on this Zurich day or earlier. */
  requestedTo: askDaySchema,
  /** true: pending and the viewer may decide it; false: every other one. */
  awaitsMe: z.boolean(),
  /** true: asked by the viewer; false: asked by someone else. */
  mine: z.boolean(),
} as const;

/** The whole `filter` of `GET /asks` as the browser sends it (the server validates each key with ASK_FILTERS). */
export const askFilterSchema = z
  .object({
    kind: ASK_FILTERS.kind.optional(),
    status: ASK_FILTERS.status.optional(),
    establishmentId: ASK_FILTERS.establishmentId.optional(),
    promoterGroupId: ASK_FILTERS.promoterGroupId.optional(),
    requestedFrom: ASK_FILTERS.requestedFrom.optional(),
    requestedTo: ASK_FILTERS.requestedTo.optional(),
    awaitsMe: ASK_FILTERS.awaitsMe.optional(),
    mine: ASK_FILTERS.mine.optional(),
    q: z.string().trim().max(200).optional(),
    id: idOrIdsSchema.optional(),
  })
  .strict();
export type AskFilter = z.input<typeof askFilterSchema>;

/**
 * The sorts: `pendingFirst` (the default: pending ones oldest first, then the decided ones newest decision
 * first), and the plain fields.
 */
export const ASK_SORT_FIELDS = ['pendingFirst', 'requestedAt', 'decidedAt', 'status', 'kind', 'id'] as const;
export type AskSortField = (typeof ASK_SORT_FIELDS)[number];

/**
 * Which event requests a viewer decides (domain/access.ts canDecideRequest): every one (a platform role), or
 * those at the viewer's own establishment (its staff), or none.
 */
export function eventRequestsDecidedBy(viewer: Viewer): 'all' | { establishmentId: number } | null {
  if (canDecideRequest(viewer, null)) return 'all';
  if (viewer.establishmentId !== null && canDecideRequest(viewer, viewer.establishmentId)) {
    return { establishmentId: viewer.establishmentId };
  }
  return null;
}

/** Whether this ask waits for this viewer: pending, and the viewer may decide it. */
export function awaitsViewer(viewer: Viewer, ask: Pick<AskRecord, 'kind' | 'status' | 'establishmentId'>): boolean {
  if (ask.status !== 'PENDING') return false;
  return ask.kind === 'EVENT_REQUEST'
    ? canDecideRequest(viewer, ask.establishmentId)
    : decidesTemplates(viewer.roleKeys);
}
