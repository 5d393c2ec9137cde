import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BILLING_INTERVALS,
  BILLING_LIMITS,
  INVOICE_KINDS,
  PARTNER_KINDS,
  SUBSCRIPTION_STATUSES,
  creditNoteSchema,
  invoiceCreateSchema,
  invoiceStatusFilterSchema,
  markPaidSchema,
  planWriteSchema,
  subscriptionWriteSchema,
  type Invoice,
  type InvoiceStatus,
  type Plan,
  type PlanWriteInput,
  type Subscription,
  type SubscriptionWriteInput,
} from '../../domain/billing';
import { localDateSchema } from '../../domain/event';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { idOrIdsSchema, idSchema, recordVersionSchema } from '../../domain/records';
import { zurichToday } from '../../domain/statistics';
import { ApiError, parseInput } from '../errors';
import type { Queryable } from '../db/queryable';
import { invoices, plans, subscriptions } from '../db/schema';
import { databaseErrorAnswer } from '../plugins/databaseErrors';
import { auditTrail } from '../services/audit';
import {
  createInvoice,
  creditInvoice,
  invoiceStatusCondition,
  loadInvoices,
  lockInvoice,
  markInvoicePaid,
  remindInvoice,
  requireCreditor,
} from '../services/billing/invoices';
import { Camt054FormatError, parseCamt054, type Camt054Credit } from '../services/billing/camt054';
import { invoiceFileNameOf, invoicePdfOf, mailInvoiceInBackground } from '../services/billing/invoiceMails';
import { importPayments } from '../services/billing/payments';
import { refreshPaidStates } from '../services/billing/paidState';
import { insertPlan, loadPlans, updatePlan } from '../services/billing/plans';
import {
  insertSubscription,
  loadSubscriptions,
  partnerNameSql,
  partnerOfRow,
  updateSubscription,
} from '../services/billing/subscriptions';
import {
  auditActorOf,
  defineFilter,
  idParamsSchema,
  registerResource,
  requireInScope,
  requirePermission,
  requireReadVersion,
  viewerOf,
  type ResourceDefinition,
} from './shared/resource';

/**
 * Billing (docs/billing.md): `/plans` and `/subscriptions` through the generic resource; `/invoices` read through
 * it, created and changed by the actions below (an invoice is never replaced nor deleted): `POST /invoices`,
 * `POST /invoices/:id/mark-paid`, `/credit-note`, `/send-reminder`. ROOT writes; the partners' ADMIN and
 * PROMOTER read their own subscription and invoices, and every plan.
 */

const listOf = <Value>(value: Value | Value[]): Value[] => (Array.isArray(value) ? value : [value]);
const today = () => zurichToday();

export const planResource: ResourceDefinition<Plan, PlanWriteInput> = {
  name: 'plans',
  permission: 'BILLING',
  table: plans,
  id: plans.id,
  sortable: { id: plans.id, priceCentimes: plans.priceCentimes },
  defaultSort: { field: 'priceCentimes', order: 'ASC' },
  filters: {
    isActive: defineFilter(z.boolean(), (active) => eq(plans.isActive, active)),
    interval: defineFilter(z.enum(BILLING_INTERVALS), (interval) => eq(plans.interval, interval)),
  },
  search: [
    (pattern) =>
      sql`(${plans.name}->>'en' ILIKE ${pattern} OR ${plans.name}->>'fr' ILIKE ${pattern}
        OR ${plans.name}->>'de' ILIKE ${pattern} OR ${plans.name}->>'it' ILIKE ${pattern})`,
  ],
  scope: 'global',
  load: loadPlans,
  write: {
    input: planWriteSchema,
    version: plans.version,
    updatedAt: plans.updatedAt,
    insert: (tx, input) => insertPlan(tx, input),
    update: (tx, id, input) => updatePlan(tx, id, input),
    auditOmit: ['activeSubscriptions'],
  },
};

const subscriptionPartnerSearch = (pattern: string) => sql`${partnerNameSql} ILIKE ${pattern}`;

export function subscriptionResource(publicUrl: string): ResourceDefinition<Subscription, SubscriptionWriteInput> {
  const refresh = async (tx: Queryable, id: number) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    await refreshPaidStates(tx, [partnerOfRow(row)], today(), publicUrl);
  };
  return {
    name: 'subscriptions',
    permission: 'BILLING',
    table: subscriptions,
    id: subscriptions.id,
    sortable: {
      id: subscriptions.id,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      startsOn: subscriptions.startsOn,
    },
    defaultSort: { field: 'id', order: 'DESC' },
    filters: {
      status: defineFilter(z.enum(SUBSCRIPTION_STATUSES), (status) => eq(subscriptions.status, status)),
      planId: defineFilter(idOrIdsSchema, (ids) => inArray(subscriptions.planId, ids)),
      partnerKind: defineFilter(z.enum(PARTNER_KINDS), (kind) => eq(subscriptions.partnerKind, kind)),
      establishmentId: defineFilter(idOrIdsSchema, (ids) => inArray(subscriptions.establishmentId, ids)),
      promoterGroupId: defineFilter(idOrIdsSchema, (ids) => inArray(subscriptions.promoterGroupId, ids)),
    },
    search: [subscriptionPartnerSearch],
    scope: {
      establishment: subscriptions.establishmentId,
      promoterGroup: subscriptions.promoterGroupId,
      fields: ['partner'],
    },
    load: (db, ids) => loadSubscriptions(db, ids, today()),
    write: {
      input: subscriptionWriteSchema,
      version: subscriptions.version,
      updatedAt: subscriptions.updatedAt,
      insert: async (tx, input) => {
        const id = await insertSubscription(tx, input, today());
        await refresh(tx, id);
        return id;
      },
      update: async (tx, id, input, { current }) => {
        await updateSubscription(tx, id, input, current!);
        await refresh(tx, id);
      },
      deletable: false,
      uniqueFields: {
        subscriptions_active_establishment_unique: 'partner',
        subscriptions_active_promoter_group_unique: 'partner',
      },
      foreignKeyFields: {
        subscriptions_plan_id_plans_id_fk: 'planId',
        subscriptions_establishment_id_establishments_id_fk: 'partner.id',
        subscriptions_promoter_group_id_promoter_groups_id_fk: 'partner.id',
      },
      auditOmit: ['isPaid', 'partner.name'],
    },
  };
}

export const invoiceResource: ResourceDefinition<Invoice> = {
  name: 'invoices',
  permission: 'BILLING',
  table: invoices,
  id: invoices.id,
  sortable: {
    id: invoices.id,
    number: invoices.number,
    issuedOn: invoices.issuedOn,
    dueOn: invoices.dueOn,
    totalCentimes: invoices.totalCentimes,
  },
  defaultSort: { field: 'issuedOn', order: 'DESC' },
  filters: {
    status: defineFilter(invoiceStatusFilterSchema, (value) =>
      invoiceStatusCondition(listOf(value) as InvoiceStatus[], today()),
    ),
    kind: defineFilter(z.enum(INVOICE_KINDS), (kind) => eq(invoices.kind, kind)),
    subscriptionId: defineFilter(idOrIdsSchema, (ids) => inArray(invoices.subscriptionId, ids)),
    establishmentId: defineFilter(idOrIdsSchema, (ids) => inArray(invoices.establishmentId, ids)),
    promoterGroupId: defineFilter(idOrIdsSchema, (ids) => inArray(invoices.promoterGroupId, ids)),
    issuedFrom: defineFilter(localDateSchema, (day) => gte(invoices.issuedOn, day)),
    issuedTo: defineFilter(localDateSchema, (day) => lte(invoices.issuedOn, day)),
  },
  search: [invoices.number, invoices.partnerName],
  scope: { establishment: invoices.establishmentId, promoterGroup: invoices.promoterGroupId },
  load: (db, ids) => loadInvoices(db, ids, today()),
};

// ---- invoice actions ---------------------------------------------------------------------------------

const invoiceTrail = auditTrail('invoices');
const someInvoiceSchema = z.looseObject({ id: idSchema }).describe('The invoice (domain/billing.ts `Invoice`)');
const tags = ['invoices'];
const reminderSchema = z.object({ version: recordVersionSchema.optional() });

async function inTransaction<Result>(app: FastifyInstance, work: (tx: Queryable) => Promise<Result>): Promise<Result> {
  try {
    return await app.db.transaction((tx) => work(tx));
  } catch (error) {
    const answer = databaseErrorAnswer(error, 'update', {});
    throw answer ? new ApiError(answer.statusCode, answer.body.message, answer.body.errors) : error;
  }
}

const partnerOfInvoice = (invoice: Invoice) => ({ kind: invoice.partner.kind, id: invoice.partner.id });

/** Mails invoices the daily job created, once its transaction committed. */
export function mailCommittedInvoices(app: FastifyInstance, invoiceIds: readonly number[]): void {
  for (const invoiceId of invoiceIds) mailInvoiceInBackground(app, { invoiceId, template: 'invoice' });
}

function invoiceActions(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  const mail = mailInvoiceInBackground;

  /** The invoice's row locked, in the caller's write scope, at the version they read. */
  const lockedInScope = async (tx: Queryable, request: FastifyRequest, id: number, version: number | undefined) => {
    const row = await lockInvoice(tx, id);
    await requireInScope(tx, invoiceResource, viewerOf(request), id, 'write');
    requireReadVersion(row.version, version);
    return row;
  };

  const loadOne = async (tx: Queryable, id: number) => (await loadInvoices(tx, [id], today()))[0];

  app.post(
    '/invoices',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Invoice a subscription’s period (its current one by default), dated today, and mail it: 409 ALREADY_INVOICED, SUBSCRIPTION_ENDED, BILLING_CREDITOR_NOT_CONFIGURED',
        body: invoiceCreateSchema,
        response: { 201: someInvoiceSchema },
        errorStatuses: [403, 409],
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'BILLING', 'create');
      const input = parseInput(invoiceCreateSchema, request.body);
      const day = today();
      const created = await inTransaction(app, async (tx) => {
        const id = await createInvoice(tx, { ...input, today: day, creditor: app.config.billingCreditor });
        const after = await loadOne(tx, id);
        await refreshPaidStates(tx, [partnerOfInvoice(after)], day, publicUrl);
        await invoiceTrail(tx, { actor: auditActorOf(request), action: 'CREATE', recordId: id, before: null, after });
        return after;
      });
      mail(app, { invoiceId: created.id, template: 'invoice' });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/invoices/:id/mark-paid',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Mark an open or overdue invoice paid (today, or `paidOn`), recording the payment: 409 INVOICE_NOT_OPEN, CREDIT_NOTE_NOT_PAYABLE',
        params: idParamsSchema,
        body: markPaidSchema,
        response: { 200: someInvoiceSchema },
        errorStatuses: [403, 409],
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'BILLING', 'update');
      const { id } = parseInput(idParamsSchema, request.params);
      const body = parseInput(markPaidSchema, request.body ?? {});
      const day = today();
      const paidOn = body.paidOn ?? day;
      if (paidOn > day) throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { paidOn: 'Not after today' });
      return inTransaction(app, async (tx) => {
        const row = await lockedInScope(tx, request, id, body.version);
        const before = await loadOne(tx, id);
        await markInvoicePaid(tx, row, { paidOn, source: 'MANUAL', createdBy: viewer.userId });
        const after = await loadOne(tx, id);
        await refreshPaidStates(tx, [partnerOfInvoice(after)], day, publicUrl);
        await invoiceTrail(tx, { actor: auditActorOf(request), action: 'MARK_PAID', recordId: id, before, after });
        return after;
      });
    },
  );

  app.post(
    '/invoices/:id/credit-note',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Cancel an open or overdue invoice with a credit note (its lines and totals negated, its own number); answers the credit note: 409 INVOICE_NOT_OPEN',
        params: idParamsSchema,
        body: creditNoteSchema,
        response: { 201: someInvoiceSchema },
        errorStatuses: [403, 409],
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'BILLING', 'update');
      const { id } = parseInput(idParamsSchema, request.params);
      const body = parseInput(creditNoteSchema, request.body);
      const day = today();
      const creditNote = await inTransaction(app, async (tx) => {
        const row = await lockedInScope(tx, request, id, body.version);
        const before = await loadOne(tx, id);
        const creditNoteId = await creditInvoice(tx, row, { today: day, creditor: app.config.billingCreditor });
        const after = await loadOne(tx, id);
        const note = await loadOne(tx, creditNoteId);
        await refreshPaidStates(tx, [partnerOfInvoice(after)], day, publicUrl);
        const actor = auditActorOf(request);
        await invoiceTrail(tx, {
          actor,
          action: 'CREDIT_NOTE',
          recordId: id,
          before,
          after: { ...after, reason: body.reason },
        });
        await invoiceTrail(tx, {
          actor,
          action: 'CREATE',
          recordId: creditNoteId,
          before: null,
          after: { ...note, reason: body.reason },
        });
        return note;
      });
      return reply.code(201).send(creditNote);
    },
  );

  app.post(
    '/invoices/:id/send-reminder',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Send a reminder of an overdue invoice, with its PDF: 409 INVOICE_NOT_OVERDUE',
        params: idParamsSchema,
        body: reminderSchema,
        response: { 200: someInvoiceSchema },
        errorStatuses: [403, 409],
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'BILLING', 'update');
      const { id } = parseInput(idParamsSchema, request.params);
      const body = parseInput(reminderSchema, request.body ?? {});
      const day = today();
      const reminded = await inTransaction(app, async (tx) => {
        const row = await lockedInScope(tx, request, id, body.version);
        const before = await loadOne(tx, id);
        await remindInvoice(tx, row, day);
        const after = await loadOne(tx, id);
        await invoiceTrail(tx, { actor: auditActorOf(request), action: 'SEND_REMINDER', recordId: id, before, after });
        return after;
      });
      mail(app, { invoiceId: reminded.id, template: 'invoiceReminder' });
      return reminded;
    },
  );
}

// ---- documents and payments files --------------------------------------------------------------------

/** The PDF's headers, strict as the uploads' files: nothing in it may run as a page of this origin. */
const PDF_SECURITY_HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], sandbox: [] } },
} as const;

const paymentImportReplySchema = z.object({
  matched: z.array(
    z.object({
      invoiceId: idSchema,
      number: z.string(),
      reference: z.string(),
      amountCentimes: z.number().int(),
      paidOn: z.string(),
    }),
  ),
  unmatched: z.array(
    z.object({
      reference: z.string().nullable(),
      amountCentimes: z.number().int(),
      bookedOn: z.string().nullable(),
      reason: z.enum(['UNKNOWN_REFERENCE', 'AMOUNT_MISMATCH', 'NOT_OPEN']),
    }),
  ),
});

function invoiceDocuments(app: FastifyInstance) {
  app.get(
    '/invoices/:id/pdf',
    {
      preHandler: app.authenticate,
      config: { securityHeaders: PDF_SECURITY_HEADERS },
      schema: {
        tags,
        summary:
          'The invoice (or credit note) as a PDF in its language, an invoice with its Swiss QR-bill payment part; 404 outside the caller’s scope',
        params: idParamsSchema,
        response: {
          200: {
            description: 'The PDF, as an attachment (invoice-2026-00042.pdf, credit-note-2026-00043.pdf)',
            content: { 'application/pdf': { schema: z.file().describe('The PDF') } },
          },
        },
        errorStatuses: [403, 404, 409],
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'BILLING', 'read');
      const { id } = parseInput(idParamsSchema, request.params);
      await requireInScope(app.db, invoiceResource, viewer, id, 'read');
      const creditor = requireCreditor(app.config.billingCreditor);
      const [invoice] = await loadInvoices(app.db, [id], today());
      const pdf = await invoicePdfOf(app.db, invoice, creditor);
      return reply
        .type('application/pdf')
        .header('Content-Length', pdf.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${invoiceFileNameOf(invoice)}"`)
        .send(pdf);
    },
  );

  // A bank's camt.054 file, as it comes: the XML itself is the body.
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: BILLING_LIMITS.camtBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/invoices/payments-import',
    {
      preHandler: app.authenticate,
      bodyLimit: BILLING_LIMITS.camtBytes,
      schema: {
        tags,
        summary:
          'Import a bank’s camt.054 file (the XML as the body, Content-Type application/xml): each credit whose reference and amount are an open invoice’s pays it; answers what matched and what did not',
        consumes: ['application/xml', 'text/xml'],
        response: { 200: paymentImportReplySchema },
        errorStatuses: [403, 413, 415],
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'BILLING', 'update');
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      if (typeof request.body !== 'string' || !['application/xml', 'text/xml'].includes(type))
        throw new ApiError(415, 'A camt.054 file: Content-Type application/xml or text/xml');
      let credits: Camt054Credit[];
      try {
        credits = parseCamt054(request.body);
      } catch (error) {
        if (error instanceof Camt054FormatError)
          throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { file: error.message });
        throw error;
      }
      return inTransaction(app, (tx) =>
        importPayments(tx, credits, {
          today: today(),
          publicUrl: app.config.publicUrl,
          actor: auditActorOf(request),
          trail: invoiceTrail,
        }),
      );
    },
  );
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, planResource);
  registerResource(app, subscriptionResource(app.config.publicUrl));
  registerResource(app, invoiceResource);
  invoiceActions(app);
  invoiceDocuments(app);
}
