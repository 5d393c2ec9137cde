import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canRedeemPromoCode } from '../../domain/access';
import { PROMO_DISCOUNT_KINDS } from '../../domain/enums';
import {
  AUTH_ERROR_CODES,
  FIELD_PROBLEM_CODES,
  PROMO_CODE_ERROR_CODES,
  RESOURCE_ERROR_CODES,
} from '../../domain/errors';
import {
  normalizePromoCode,
  PROMO_CODE_STATUSES,
  promoCodeBatchSchema,
  promoCodeInputSchema,
  promoCodeRedeemSchema,
  promoCodeRedemptionSchema,
  promoCodeSchema,
  promoCodeTemplateInputSchema,
  promoCodeTemplateSchema,
  zurichToday,
  type PromoCode,
  type PromoCodeInput,
  type PromoCodeRedemption,
  type PromoCodeTemplate,
  type PromoCodeTemplateInput,
} from '../../domain/promoCode';
import { idOrIdsSchema } from '../../domain/records';
import { ApiError, parseInput } from '../errors';
import { scopeCondition } from '../db/scope';
import { promoCodes, promoCodeTemplates } from '../db/schema';
import {
  auditCreatedPromoCodes,
  insertPromoCode,
  insertPromoCodeBatch,
  insertPromoCodeTemplate,
  loadPromoCodes,
  loadPromoCodeTemplates,
  promoCodeOwnedBy,
  promoCodeStatusCondition,
  redeemPromoCode,
  updatePromoCode,
  updatePromoCodeTemplate,
  type RedemptionResult,
} from '../services/promoCodes';
import { AttemptCounter } from '../services/rateLimits';
import { databaseErrorAnswer } from '../plugins/databaseErrors';
import {
  auditActorOf,
  defineFilter,
  forbidden,
  registerResource,
  requirePermission,
  viewerOf,
  type ResourceDefinition,
} from './shared/resource';

/**
 * `/promo-codes` and `/promo-code-templates` (docs/server.md "Promo codes") through the generic resource, plus
 * `POST /promo-codes/batch` (bulk creation, all or nothing) and `POST /promo-codes/redeem` (a customer uses a
 * code: one conditional UPDATE and the redemption row in one transaction, so a code is never redeemed more than
 * `maxUsageCount` times). The roles with PROMO_CODE manage both collections (domain/access.ts).
 */

const templateScope = {
  establishment: promoCodeTemplates.establishmentId,
  promoterGroup: promoCodeTemplates.promoterGroupId,
  fields: ['establishmentId', 'promoterGroupId'],
} as const;

export const promoCodeTemplateResource: ResourceDefinition<PromoCodeTemplate, PromoCodeTemplateInput> = {
  name: 'promo-code-templates',
  permission: 'PROMO_CODE',
  table: promoCodeTemplates,
  id: promoCodeTemplates.id,
  sortable: {
    id: promoCodeTemplates.id,
    name: sql`lower(${promoCodeTemplates.name})`,
    discountKind: promoCodeTemplates.discountKind,
    validFrom: promoCodeTemplates.validFrom,
    validUntil: promoCodeTemplates.validUntil,
  },
  defaultSort: { field: 'name', order: 'ASC' },
  filters: {
    discountKind: defineFilter(z.enum(PROMO_DISCOUNT_KINDS), (kind) => eq(promoCodeTemplates.discountKind, kind)),
    establishmentId: defineFilter(idOrIdsSchema, (ids) => inArray(promoCodeTemplates.establishmentId, ids)),
    promoterGroupId: defineFilter(idOrIdsSchema, (ids) => inArray(promoCodeTemplates.promoterGroupId, ids)),
  },
  search: [promoCodeTemplates.name, promoCodeTemplates.description],
  scope: templateScope,
  load: loadPromoCodeTemplates,
  recordSchema: promoCodeTemplateSchema,
  write: {
    input: promoCodeTemplateInputSchema,
    version: promoCodeTemplates.version,
    updatedAt: promoCodeTemplates.updatedAt,
    insert: (tx, input) => insertPromoCodeTemplate(tx, input),
    update: (tx, id, input) => updatePromoCodeTemplate(tx, id, input),
  },
};

const belowUsage = () =>
  new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { maxUsageCount: PROMO_CODE_ERROR_CODES.belowUsage });

export const promoCodeResource: ResourceDefinition<PromoCode, PromoCodeInput> = {
  name: 'promo-codes',
  permission: 'PROMO_CODE',
  table: promoCodes,
  id: promoCodes.id,
  sortable: {
    id: promoCodes.id,
    code: promoCodes.code,
    usageCount: promoCodes.usageCount,
    maxUsageCount: promoCodes.maxUsageCount,
    promoCodeTemplateId: promoCodes.promoCodeTemplateId,
  },
  defaultSort: { field: 'id', order: 'DESC' },
  filters: {
    status: defineFilter(z.enum(PROMO_CODE_STATUSES), (status) => promoCodeStatusCondition(status, zurichToday())),
    promoCodeTemplateId: defineFilter(idOrIdsSchema, (ids) => inArray(promoCodes.promoCodeTemplateId, ids)),
  },
  search: [promoCodes.code],
  scope: {
    establishment: promoCodeOwnedBy(promoCodeTemplates.establishmentId),
    promoterGroup: promoCodeOwnedBy(promoCodeTemplates.promoterGroupId),
  },
  load: (db, ids) => loadPromoCodes(db, ids),
  recordSchema: promoCodeSchema,
  write: {
    input: promoCodeInputSchema,
    version: promoCodes.version,
    updatedAt: promoCodes.updatedAt,
    insert: (tx, input) => insertPromoCode(tx, input),
    update: (tx, id, input) => updatePromoCode(tx, id, input),
    // The database refuses a limit below the uses as well (promo_codes_usage_check), should a redemption slip
    // in between; this answers the usual case with the field's own code.
    authorizeWrite: ({ input, current }) => {
      if (input && current && input.maxUsageCount < current.usageCount) throw belowUsage();
    },
    uniqueFields: { promo_codes_code_unique: 'code' },
  },
};

// ---- bulk creation -----------------------------------------------------------------------------------

/** The template must exist and lie in the caller's read scope; else a 400 on the field, as a create's. */
async function requireTemplate(tx: Parameters<typeof insertPromoCodeBatch>[0], request: FastifyRequest, id: number) {
  const [row] = await tx
    .select({ id: promoCodeTemplates.id })
    .from(promoCodeTemplates)
    .where(and(eq(promoCodeTemplates.id, id), scopeCondition(viewerOf(request), 'PROMO_CODE', templateScope, 'read')));
  if (!row) {
    throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, {
      promoCodeTemplateId: FIELD_PROBLEM_CODES.unknownReference,
    });
  }
}

async function createBatch(app: FastifyInstance, request: FastifyRequest): Promise<PromoCode[]> {
  requirePermission(viewerOf(request), 'PROMO_CODE', 'create');
  const batch = parseInput(promoCodeBatchSchema, request.body);
  try {
    return await app.db.transaction(async (tx) => {
      await requireTemplate(tx, request, batch.promoCodeTemplateId);
      const ids = await insertPromoCodeBatch(tx, batch);
      const created = await loadPromoCodes(tx, ids);
      const byId = new Map(created.map((record) => [record.id, record]));
      const ordered = ids.flatMap((id) => byId.get(id) ?? []);
      await auditCreatedPromoCodes(tx, auditActorOf(request), ordered);
      return ordered;
    });
  } catch (error) {
    const answer = databaseErrorAnswer(error, 'create', {});
    throw answer ? new ApiError(answer.statusCode, answer.body.message, answer.body.errors) : error;
  }
}

// ---- redemption --------------------------------------------------------------------------------------

const REFUSALS: Record<Exclude<RedemptionResult['kind'], 'redeemed'>, ApiError> = {
  unknown: new ApiError(404, PROMO_CODE_ERROR_CODES.unknown),
  notYetValid: new ApiError(409, PROMO_CODE_ERROR_CODES.notYetValid),
  expired: new ApiError(409, PROMO_CODE_ERROR_CODES.expired),
  usedUp: new ApiError(409, PROMO_CODE_ERROR_CODES.usedUp),
  alreadyRedeemed: new ApiError(409, PROMO_CODE_ERROR_CODES.alreadyRedeemed),
};

/** Thrown inside the transaction so that a use already taken rolls back with the refusal. */
class Refused extends Error {
  constructor(readonly kind: Exclude<RedemptionResult['kind'], 'redeemed'>) {
    super(kind);
  }
}

async function redeem(
  app: FastifyInstance,
  attempts: AttemptCounter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PromoCodeRedemption> {
  const viewer = viewerOf(request);
  if (!canRedeemPromoCode(viewer.roleKeys)) throw forbidden();
  const key = String(viewer.userId);
  if (!attempts.record(key)) {
    reply.header('retry-after', String(Math.ceil(attempts.msUntilAllowed(key) / 1000)));
    throw new ApiError(429, AUTH_ERROR_CODES.tooManyAttempts);
  }
  const code = normalizePromoCode(parseInput(promoCodeRedeemSchema, request.body).code);
  try {
    return await app.db.transaction(async (tx) => {
      const result = await redeemPromoCode(tx, { code, userId: viewer.userId, today: zurichToday() });
      if (result.kind !== 'redeemed') throw new Refused(result.kind);
      return { promoCodeId: result.promoCodeId, usageCount: result.usageCount };
    });
  } catch (error) {
    if (error instanceof Refused) throw REFUSALS[error.kind];
    throw error;
  }
}

const tags = ['promo-codes'];

export async function promoCodeRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, promoCodeTemplateResource);
  registerResource(app, promoCodeResource);

  app.post(
    '/promo-codes/batch',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Create many codes of one template at once, all or none; answers the created codes',
        body: promoCodeBatchSchema,
        response: { 201: z.array(promoCodeSchema) },
        errorStatuses: [403],
      },
    },
    async (request, reply) => reply.code(201).send(await createBatch(app, request)),
  );

  // Per user, whatever the address: a customer who guesses codes is slowed down, and cannot slow another down.
  const attempts = new AttemptCounter(app.authService.rateLimits.promoCodeRedemptions);
  app.post(
    '/promo-codes/redeem',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'A customer redeems a code (any case): 404 PROMO_CODE_UNKNOWN (unknown or disabled), 409 USED_UP, PROMO_CODE_NOT_YET_VALID, PROMO_CODE_EXPIRED or PROMO_CODE_ALREADY_REDEEMED',
        body: promoCodeRedeemSchema,
        response: { 200: promoCodeRedemptionSchema },
        errorStatuses: [403, 404, 409, 429],
      },
    },
    (request, reply) => redeem(app, attempts, request, reply),
  );
}
