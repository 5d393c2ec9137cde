import { z } from 'zod';
import { offerClaimListItemSchema, type OfferClaimListItem } from '../domain/offer';
import type { PaymentImportReply } from '../domain/billing';
import type { PromoCode, PromoCodeBatchInput } from '../domain/promoCode';
import type { TagAssignment, TagAssignmentReply, TagMergeReply } from '../domain/tagTerms';
import { AxiosHeaders, type AxiosInstance, type AxiosResponse } from 'axios';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type fetchUtils, type Identifier, type RaRecord } from 'react-admin';
import type { Visibility } from '../domain/enums';
import { visibilityChangeAnswerSchema, type VisibilityChange, type VisibilityChangeResult } from '../domain/records';
import { UPLOAD_LIMITS, uploadSchema, type Upload } from '../domain/upload';
import { ApiError } from './httpClient';
import {
  NOTIFICATION_DELIVERIES,
  isNotificationKind,
  type NotificationDelivery,
  type NotificationKind,
} from '../domain/notification';

/**
 * The react-admin data provider: ra-data-simple-rest over our axios client, so that
 * every resource call gets the bearer token, the refresh on 401 and the error normalisation.
 */

/** What ra-data-simple-rest expects back from its `httpClient(url, options)`. */
export interface SimpleRestResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

const toFetchHeaders = (response: AxiosResponse): Headers => {
  const headers = new Headers();
  const flat = AxiosHeaders.from(response.headers as AxiosHeaders).toJSON(true);
  for (const [name, value] of Object.entries(flat)) {
    if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  return headers;
};

const requestHeadersOf = (options: fetchUtils.Options): Record<string, string> =>
  Object.fromEntries(new Headers(options.headers ?? undefined).entries());

/**
 * An API refusal as react-admin's HttpError with the server's body; network failures (ApiNetworkError) and
 * cancellations keep their own shape.
 */
const asReactAdminError = (error: unknown): unknown =>
  error instanceof ApiError ? new HttpError(error.message, error.status, error.body ?? null) : error;

/**
 * Adapts the axios client to the `fetchJson` signature: `{status, headers, body, json}` on success;
 * on failure react-admin's `HttpError(message, status, body)`, whose `body.errors` react-admin shows
 * beside each form field (server-side validation).
 */
export const createSimpleRestHttpClient =
  (client: AxiosInstance) =>
  async (url: string, options: fetchUtils.Options = {}): Promise<SimpleRestResponse> => {
    try {
      const response = await client.request({
        url,
        method: options.method ?? 'GET',
        data: options.body ?? undefined,
        headers: requestHeadersOf(options),
        signal: options.signal ?? undefined,
      });
      const json: unknown = response.data === '' ? undefined : response.data;
      return {
        status: response.status,
        headers: toFetchHeaders(response),
        body: typeof json === 'string' ? json : (JSON.stringify(json) ?? ''),
        json,
      };
    } catch (error) {
      throw asReactAdminError(error);
    }
  };

export interface UploadOptions {
  /** Called as the bytes leave, with the fraction sent (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A record the bulk change could not update, with the server's status (409 changed meanwhile, 403 outside scope…). */
export interface VisibilityFailure {
  id: Identifier;
  status: number | null;
  message: string;
}

export interface SetVisibilityResult {
  /** The ids that now have the visibility (also those that had it already). */
  data: Identifier[];
  failed: VisibilityFailure[];
}

/** `GET`/`PUT /notification-preferences`: the delivery of each kind the role receives, and the role's defaults. */
export interface NotificationPreferencesAnswer {
  deliveries: Partial<Record<NotificationKind, NotificationDelivery>>;
  defaults: Partial<Record<NotificationKind, NotificationDelivery>>;
}

const deliveriesSchema = z.record(z.string(), z.enum(NOTIFICATION_DELIVERIES));
const notificationPreferencesAnswerSchema = z.object({ deliveries: deliveriesSchema, defaults: deliveriesSchema });

/** The kinds this browser knows (a newer server's others are left out: Settings could not name them). */
const knownKinds = (deliveries: Record<string, NotificationDelivery>) =>
  Object.fromEntries(Object.entries(deliveries).filter(([kind]) => isNotificationKind(kind))) as Partial<
    Record<NotificationKind, NotificationDelivery>
  >;

/** What the notification actions change: `{ids}`, the caller's own ones the server changed. */
const changedIdsSchema = z.object({ ids: z.array(z.number()) });

/** ra-data-simple-rest's methods plus the app's calls that are not CRUD. */
export interface AppDataProvider extends DataProvider {
  /** `GET` of a path under the API that is no record collection (`/establishments/cities`): its body as it came. */
  getPath(path: string): Promise<unknown>;
  /**
   * `GET` of a file under the API (`/invoices/:id/pdf`) with the session's token: its bytes and the file name of
   * its `Content-Disposition` (null when the server names none).
   */
  getFile(path: string): Promise<DownloadedFile>;
  /**
   * `POST /invoices/:id/mark-paid`, `/credit-note` or `/send-reminder` (ROOT): answers the invoice (mark paid,
   * reminder) or the credit note (credit note).
   */
  invoiceAction(id: Identifier, action: InvoiceAction, body: Record<string, unknown>): Promise<RaRecord>;
  /** `POST /invoices/payments-import` with a camt.054 file's text (`application/xml`): what it paid, what it did not. */
  importPayments(xml: string): Promise<PaymentImportReply>;
  /** `POST /users/:id/send-access-link`: mails the user a one-time sign-in link (an access link). */
  sendAccessLink(id: Identifier): Promise<void>;
  /** `POST /uploads` (multipart, one part): the stored upload, as records carry it (domain/upload.ts). */
  upload(file: File, options?: UploadOptions): Promise<Upload>;
  /**
   * Bulk publish / unpublish in one request (`POST /<resource>/visibility`): the server writes each record
   * as its own PUT would and answers a result per id; one refusal does not stop the others, and the result
   * says which ids failed and why. A request that fails as a whole fails every id with its reason.
   */
  setVisibility(resource: string, ids: readonly Identifier[], visibility: Visibility): Promise<SetVisibilityResult>;
  /**
   * `POST /events/:id/approve`: the venue accepts a promoter's request (APPROVED, PUBLISHED); answers the event.
   * With the `version` the request was read at, a request changed meanwhile is a 409 EDIT_CONFLICT, not
   * approved unseen.
   */
  approveEvent(id: Identifier, reason?: string, version?: number): Promise<RaRecord>;
  /**
   * `POST /events/:id/reject`: the venue turns a request down with a reason (REJECTED, stays a draft);
   * answers the event.
   */
  rejectEvent(id: Identifier, reason: string, version?: number): Promise<RaRecord>;
  /**
   * `DELETE /events/:id?originalStartsAt=…&version=…`: one occurrence of a series goes (a SKIP row); the
   * series stays.
   */
  deleteOccurrence(eventId: Identifier, originalStartsAt: string, version?: number): Promise<void>;
  /**
   * `POST /widget-settings/:id/rotate-key`: a new public key for the widget (its old address answers 404 at
   * once); answers the record with the new key and version. With `version`, a record changed meanwhile is a
   * 409 EDIT_CONFLICT.
   */
  rotateWidgetKey(id: Identifier, version?: number): Promise<RaRecord>;
  /**
   * `POST /offer-templates/:id/approve` (optional note) or `/reject` (reason required): the platform's
   * decision on a template request; answers the template. Decided already: 409 TEMPLATE_REQUEST_ALREADY_DECIDED.
   */
  decideTemplateRequest(
    id: Identifier,
    decision: 'approve' | 'reject',
    body: { reason?: string; version?: number },
  ): Promise<RaRecord>;
  /** `POST /promo-codes/batch`: many codes of one template at once, all or none; answers the created codes. */
  createPromoCodes(batch: PromoCodeBatchInput): Promise<PromoCode[]>;
  /**
   * `POST /tags/:id/merge-into/:targetId`: every link of tag `id` moves to `targetId`, tag `id` goes; answers
   * the kept tag's term and how many links moved (docs/tag-terms.md).
   */
  mergeTag(id: Identifier, targetId: Identifier): Promise<TagMergeReply>;
  /** `POST /tags/:id/assign {resource, ids}`: the tag on every record named; answers how many changed. */
  assignTag(tagId: Identifier, assignment: TagAssignment): Promise<TagAssignmentReply>;
  /** `POST /tags/:id/unassign {resource, ids}`: the tag off every record named; answers how many changed. */
  unassignTag(tagId: Identifier, assignment: TagAssignment): Promise<TagAssignmentReply>;
  /** `GET /offers/:id/claims`: the offer's claims, live and cancelled, newest first (the offer's staff). */
  getOfferClaims(offerId: Identifier): Promise<OfferClaimListItem[]>;
  /** `DELETE /offers/:id/claims/:claimId`: cancels a live claim; its spot is free again. */
  cancelOfferClaim(offerId: Identifier, claimId: Identifier): Promise<void>;
  /**
   * `POST /notifications/read {ids}` (and `/unread`, `/archive`, `/unarchive`): changes the caller's own
   * notifications among `ids`; answers the ids it changed (others' ids are ignored, never an error).
   */
  markNotificationsRead(ids: readonly Identifier[]): Promise<number[]>;
  markNotificationsUnread(ids: readonly Identifier[]): Promise<number[]>;
  markNotificationsArchived(ids: readonly Identifier[]): Promise<number[]>;
  markNotificationsUnarchived(ids: readonly Identifier[]): Promise<number[]>;
  /** `POST /notifications/read-all`: every unread notification of the caller read; answers how many. */
  markAllNotificationsRead(): Promise<number>;
  /** `GET /notification-preferences`: per kind the caller's role receives, its delivery and the role's default. */
  getNotificationPreferences(): Promise<NotificationPreferencesAnswer>;
  /** `PUT /notification-preferences {deliveries}` (only the kinds named change); answers as the GET. */
  updateNotificationPreferences(
    deliveries: Partial<Record<NotificationKind, NotificationDelivery>>,
  ): Promise<NotificationPreferencesAnswer>;
}

/** A file fetched from the API: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export type InvoiceAction = 'mark-paid' | 'credit-note' | 'send-reminder';

/** The `filename` of a `Content-Disposition` header (`filename*=UTF-8''…` first), null without one. */
export const fileNameOfDisposition = (header: unknown): string | null => {
  if (typeof header !== 'string') return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
};

const failureOf = (id: Identifier, error: unknown): VisibilityFailure => {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  return {
    id,
    status: typeof status === 'number' && status > 0 ? status : null,
    message: typeof message === 'string' ? message : String(error),
  };
};

/**
 * `?version=` of the record as the user read it (react-admin's delete buttons pass it as `previousData`): the
 * server deletes only that version, so a record someone changed meanwhile is a 409 EDIT_CONFLICT, not deleted
 * unseen. Records without a version (none today) are deleted without it.
 */
const versionQueryOf = (record: Partial<RaRecord> | undefined): string => {
  const version: unknown = record?.version;
  return typeof version === 'number' ? `?${new URLSearchParams({ version: String(version) }).toString()}` : '';
};

export const createDataProvider = (apiBaseUrl: string, client: AxiosInstance): AppDataProvider => {
  const httpClientForReactAdmin = createSimpleRestHttpClient(client);
  const crud = simpleRestProvider(apiBaseUrl, httpClientForReactAdmin);

  const visibilityResultsOf = async (
    resource: string,
    ids: readonly Identifier[],
    visibility: Visibility,
  ): Promise<VisibilityChangeResult[]> => {
    const change: VisibilityChange = { ids: ids.map(Number), visibility };
    const { json } = await httpClientForReactAdmin(`${apiBaseUrl}/${resource}/visibility`, {
      method: 'POST',
      body: JSON.stringify(change),
      headers: new Headers({ 'Content-Type': 'application/json' }),
    });
    return visibilityChangeAnswerSchema.parse(json).results;
  };

  /** `POST /<resource>/:id/<action>` with a JSON body: a record's own action, answered with the record. */
  const memberAction = async (
    resource: string,
    id: Identifier,
    action: string,
    body: Record<string, unknown>,
  ): Promise<RaRecord> => {
    const { json } = await httpClientForReactAdmin(
      `${apiBaseUrl}/${resource}/${encodeURIComponent(String(id))}/${action}`,
      {
        method: 'POST',
        body: JSON.stringify(body),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      },
    );
    return json as RaRecord;
  };

  const decideEvent = (
    id: Identifier,
    decision: 'approve' | 'reject',
    body: { reason?: string; version?: number },
  ): Promise<RaRecord> => memberAction('events', id, decision, body);

  const deleteRead: DataProvider['delete'] = async (resource, { id, previousData }) => {
    const url = `${apiBaseUrl}/${resource}/${encodeURIComponent(String(id))}${versionQueryOf(previousData)}`;
    const { json } = await httpClientForReactAdmin(url, { method: 'DELETE' });
    return { data: json as never };
  };

  /** `POST` of a JSON body to a path under the API: the answer's body. */
  const postJson = async (path: string, body: unknown): Promise<unknown> => {
    const { json } = await httpClientForReactAdmin(`${apiBaseUrl}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: new Headers({ 'Content-Type': 'application/json' }),
    });
    return json;
  };

  const changeNotifications = async (action: string, ids: readonly Identifier[]): Promise<number[]> =>
    changedIdsSchema.parse(await postJson(`/notifications/${action}`, { ids: ids.map(Number) })).ids;

  const preferencesOf = (json: unknown): NotificationPreferencesAnswer => {
    const { deliveries, defaults } = notificationPreferencesAnswerSchema.parse(json);
    return { deliveries: knownKinds(deliveries), defaults: knownKinds(defaults) };
  };

  return {
    ...crud,
    delete: deleteRead,
    markNotificationsRead: (ids) => changeNotifications('read', ids),
    markNotificationsUnread: (ids) => changeNotifications('unread', ids),
    markNotificationsArchived: (ids) => changeNotifications('archive', ids),
    markNotificationsUnarchived: (ids) => changeNotifications('unarchive', ids),
    markAllNotificationsRead: async () =>
      z.object({ count: z.number() }).parse(await postJson('/notifications/read-all', {})).count,
    getNotificationPreferences: async () =>
      preferencesOf((await httpClientForReactAdmin(`${apiBaseUrl}/notification-preferences`)).json),
    updateNotificationPreferences: async (deliveries) => {
      const { json } = await httpClientForReactAdmin(`${apiBaseUrl}/notification-preferences`, {
        method: 'PUT',
        body: JSON.stringify({ deliveries }),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      });
      return preferencesOf(json);
    },
    getPath: async (path) => (await httpClientForReactAdmin(`${apiBaseUrl}${path}`)).json,
    getFile: async (path) => {
      try {
        const response = await client.get<ArrayBuffer>(`${apiBaseUrl}${path}`, {
          responseType: 'arraybuffer',
          headers: { Accept: '*/*' },
        });
        const headers = toFetchHeaders(response);
        const type = headers.get('content-type') ?? 'application/octet-stream';
        return {
          blob: new Blob([response.data], { type }),
          fileName: fileNameOfDisposition(headers.get('content-disposition')),
        };
      } catch (error) {
        throw asReactAdminError(error);
      }
    },
    invoiceAction: (id, action, body) => memberAction('invoices', id, action, body),
    importPayments: async (xml) => {
      const { json } = await httpClientForReactAdmin(`${apiBaseUrl}/invoices/payments-import`, {
        method: 'POST',
        body: xml,
        headers: new Headers({ 'Content-Type': 'application/xml' }),
      });
      return json as PaymentImportReply;
    },
    sendAccessLink: async (id) => {
      await httpClientForReactAdmin(`${apiBaseUrl}/users/${encodeURIComponent(String(id))}/send-access-link`, {
        method: 'POST',
      });
    },
    upload: async (file, { onProgress, signal } = {}) => {
      const body = new FormData();
      body.append(UPLOAD_LIMITS.fieldName, file, file.name);
      try {
        const response = await client.post<unknown>(`${apiBaseUrl}/uploads`, body, {
          signal,
          onUploadProgress: (event) => {
            const total = event.total ?? file.size;
            if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
          },
        });
        return uploadSchema.parse(response.data);
      } catch (error) {
        throw asReactAdminError(error);
      }
    },
    approveEvent: async (id, reason, version) => decideEvent(id, 'approve', { ...(reason ? { reason } : {}), version }),
    rejectEvent: async (id, reason, version) => decideEvent(id, 'reject', { reason, version }),
    decideTemplateRequest: (id, decision, body) => memberAction('offer-templates', id, decision, body),
    rotateWidgetKey: (id, version) =>
      memberAction('widget-settings', id, 'rotate-key', version === undefined ? {} : { version }),
    createPromoCodes: async (batch) => {
      const { json } = await httpClientForReactAdmin(`${apiBaseUrl}/promo-codes/batch`, {
        method: 'POST',
        body: JSON.stringify(batch),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      });
      return json as PromoCode[];
    },
    mergeTag: async (id, targetId) =>
      (await postJson(
        `/tags/${encodeURIComponent(String(id))}/merge-into/${encodeURIComponent(String(targetId))}`,
        {},
      )) as TagMergeReply,
    assignTag: async (tagId, assignment) =>
      (await postJson(`/tags/${encodeURIComponent(String(tagId))}/assign`, assignment)) as TagAssignmentReply,
    unassignTag: async (tagId, assignment) =>
      (await postJson(`/tags/${encodeURIComponent(String(tagId))}/unassign`, assignment)) as TagAssignmentReply,
    getOfferClaims: async (offerId) => {
      const { json } = await httpClientForReactAdmin(
        `${apiBaseUrl}/offers/${encodeURIComponent(String(offerId))}/claims`,
        { method: 'GET' },
      );
      return z.array(offerClaimListItemSchema).parse(json);
    },
    cancelOfferClaim: async (offerId, claimId) => {
      await httpClientForReactAdmin(
        `${apiBaseUrl}/offers/${encodeURIComponent(String(offerId))}/claims/${encodeURIComponent(String(claimId))}`,
        { method: 'DELETE' },
      );
    },
    deleteOccurrence: async (eventId, originalStartsAt, version) => {
      const query = new URLSearchParams({
        originalStartsAt,
        ...(version === undefined ? {} : { version: String(version) }),
      }).toString();
      await httpClientForReactAdmin(`${apiBaseUrl}/events/${encodeURIComponent(String(eventId))}?${query}`, {
        method: 'DELETE',
      });
    },
    setVisibility: async (resource, ids, visibility) => {
      let results: VisibilityChangeResult[];
      try {
        results = await visibilityResultsOf(resource, ids, visibility);
      } catch (error) {
        return { data: [], failed: ids.map((id) => failureOf(id, error)) };
      }
      const result: SetVisibilityResult = { data: [], failed: [] };
      results.forEach((outcome, index) => {
        const id = ids[index] as Identifier;
        if (outcome.ok) result.data.push(id);
        else result.failed.push({ id, status: outcome.error.status, message: outcome.error.message });
      });
      return result;
    },
  };
};
