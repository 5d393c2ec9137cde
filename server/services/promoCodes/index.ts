import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  generatePromoCode,
  PROMO_CODE_LIMITS,
  promoCodeStatus,
  zurichToday,
  type PromoCode,
  type PromoCodeBatch,
  type PromoCodeInput,
  type PromoCodeStatus,
  type PromoCodeTemplate,
  type PromoCodeTemplateInput,
} from '../../../domain/promoCode';
import type { PromoDiscountKind } from '../../../domain/enums';
import { qualified } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { auditLog, promoCodeRedemptions, promoCodes, promoCodeTemplates } from '../../db/schema';
import { changesBetween, type AuditActor } from '../audit';
import { storedDescription } from '../html';

/**
 * Promo codes and their templates: reading them in the record shape (domain/promoCode.ts), writing them, the
 * bulk creation and the redemption. The resources live in server/routes/promoCodes.ts.
 */

// ---- promo codes -------------------------------------------------------------------------------------

/** Codes with their template's validity, in the record shape, their status as of today in Europe/Zurich. */
export async function loadPromoCodes(db: Queryable, ids: readonly number[], now = new Date()): Promise<PromoCode[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      row: promoCodes,
      validFrom: promoCodeTemplates.validFrom,
      validUntil: promoCodeTemplates.validUntil,
    })
    .from(promoCodes)
    .innerJoin(promoCodeTemplates, eq(promoCodeTemplates.id, promoCodes.promoCodeTemplateId))
    .where(inArray(promoCodes.id, [...ids]));
  const today = zurichToday(now);
  return rows.map(({ row, validFrom, validUntil }) => ({
    id: row.id,
    code: row.code,
    maxUsageCount: row.maxUsageCount,
    usageCount: row.usageCount,
    promoCodeTemplateId: row.promoCodeTemplateId,
    status: promoCodeStatus({ ...row, validFrom, validUntil }, today),
    isDisabled: row.isDisabled,
    version: row.version,
  }));
}

/** How often a generated code is drawn again when it is taken already (31^8 codes: practically never). */
const GENERATION_ROUNDS = 5;

/** Generates codes until `wanted` free ones are inserted by `insertFree`; throws when the rounds run out. */
async function insertGenerated<Row>(
  wanted: number,
  generate: () => string,
  insertFree: (codes: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  const inserted: Row[] = [];
  for (let round = 0; round < GENERATION_ROUNDS && inserted.length < wanted; round += 1) {
    const missing = wanted - inserted.length;
    const codes = new Set<string>();
    // Bounded: a generator that keeps answering taken codes ends in the error below, never in a loop.
    for (let draw = 0; draw < missing * 2 && codes.size < missing; draw += 1) codes.add(generate());
    inserted.push(...(await insertFree([...codes])));
  }
  if (inserted.length < wanted) throw new Error('Could not generate free promo codes');
  return inserted;
}

/** Inserts the codes that nobody has yet (`ON CONFLICT DO NOTHING`): answers those rows' ids and codes. */
const insertFreeCodes =
  (tx: Queryable, values: { maxUsageCount: number; promoCodeTemplateId: number; isDisabled?: boolean }) =>
  (codes: string[]) =>
    tx
      .insert(promoCodes)
      .values(codes.map((code) => ({ ...values, code })))
      .onConflictDoNothing({ target: promoCodes.code })
      .returning({ id: promoCodes.id, code: promoCodes.code });

const codeColumnsOf = (input: PromoCodeInput) => ({
  maxUsageCount: input.maxUsageCount,
  promoCodeTemplateId: input.promoCodeTemplateId,
  isDisabled: input.isDisabled,
});

/**
 * Inserts a code; answers its id. A typed code that is taken is the unique constraint's 409; an empty one is
 * generated, drawn again if taken.
 */
export async function insertPromoCode(
  tx: Queryable,
  input: PromoCodeInput,
  generate: () => string = () => generatePromoCode(),
): Promise<number> {
  if (input.code !== null) {
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...codeColumnsOf(input), code: input.code })
      .returning({ id: promoCodes.id });
    return row.id;
  }
  const [row] = await insertGenerated(1, generate, insertFreeCodes(tx, codeColumnsOf(input)));
  return row.id;
}

/** Replaces a code's editable fields; an empty code gets a generated one. `usage_count` is never written here. */
export async function updatePromoCode(tx: Queryable, id: number, input: PromoCodeInput): Promise<void> {
  const code = input.code ?? (await freeGeneratedCode(tx));
  await tx
    .update(promoCodes)
    .set({ ...codeColumnsOf(input), code })
    .where(eq(promoCodes.id, id));
}

async function freeGeneratedCode(tx: Queryable): Promise<string> {
  for (let round = 0; round < GENERATION_ROUNDS; round += 1) {
    const code = generatePromoCode();
    const [taken] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
    if (!taken) return code;
  }
  throw new Error('Could not generate a free promo code');
}

/**
 * `count` new codes of one template in the caller's transaction: each the prefix and generated characters,
 * unique (a code that is taken, by an older code or one of this batch, is drawn again). Answers their ids.
 */
export async function insertPromoCodeBatch(
  tx: Queryable,
  batch: PromoCodeBatch,
  generate: (prefix: string) => string = generatePromoCode,
): Promise<number[]> {
  const rows = await insertGenerated(
    batch.count,
    () => generate(batch.prefix),
    insertFreeCodes(tx, { maxUsageCount: batch.maxUsageCount, promoCodeTemplateId: batch.promoCodeTemplateId }),
  );
  return rows.map((row) => row.id);
}

// ---- list conditions ---------------------------------------------------------------------------------

const templateValidity = (condition: (from: SQL, until: SQL) => SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM ${promoCodeTemplates} WHERE ${qualified(promoCodeTemplates.id)} = ${qualified(promoCodes.promoCodeTemplateId)} AND ${condition(qualified(promoCodeTemplates.validFrom), qualified(promoCodeTemplates.validUntil))})`;

const isDisabled = qualified(promoCodes.isDisabled);
const usedUp = sql`${qualified(promoCodes.usageCount)} >= ${qualified(promoCodes.maxUsageCount)}`;

/** The codes of one status on `today` (Europe/Zurich), with the precedence of domain's `promoCodeStatus`. */
export function promoCodeStatusCondition(status: PromoCodeStatus, today: string): SQL {
  const expired = templateValidity((_from, until) => sql`${until} < ${today}::date`);
  const notYetValid = templateValidity((from) => sql`${from} > ${today}::date`);
  switch (status) {
    case 'DISABLED':
      return sql`${isDisabled}`;
    case 'USED_UP':
      return sql`NOT ${isDisabled} AND ${usedUp}`;
    case 'EXPIRED':
      return sql`NOT ${isDisabled} AND NOT (${usedUp}) AND ${expired}`;
    case 'NOT_YET_VALID':
      return sql`NOT ${isDisabled} AND NOT (${usedUp}) AND NOT ${expired} AND ${notYetValid}`;
    case 'ACTIVE':
      return sql`NOT ${isDisabled} AND NOT (${usedUp}) AND NOT ${expired} AND NOT ${notYetValid}`;
  }
}

/** A code belongs to the establishment or promoter group of its template. */
export const promoCodeOwnedBy =
  (column: typeof promoCodeTemplates.establishmentId | typeof promoCodeTemplates.promoterGroupId) =>
  (ownerId: number): SQL =>
    sql`EXISTS (SELECT 1 FROM ${promoCodeTemplates} WHERE ${qualified(promoCodeTemplates.id)} = ${qualified(promoCodes.promoCodeTemplateId)} AND ${qualified(column)} = ${ownerId})`;

// ---- redemption --------------------------------------------------------------------------------------

export type RedemptionResult =
  | { kind: 'redeemed'; promoCodeId: number; usageCount: number }
  | { kind: 'unknown' | 'notYetValid' | 'expired' | 'usedUp' | 'alreadyRedeemed' };

/**
 * Redeems a code for a customer, in the caller's transaction. One conditional UPDATE takes a use: it holds
 * the row's lock until the transaction ends, so concurrent redemptions queue on it and PostgreSQL re-checks
 * `usage_count < max_usage_count` against the committed count; no more than `max_usage_count` ever succeed.
 * The redemption row is inserted in the same transaction; a customer's second one conflicts on the unique
 * (code, user) index and is refused (the caller rolls the use back).
 */
export async function redeemPromoCode(
  tx: Queryable,
  { code, userId, today }: { code: string; userId: number; today: string },
): Promise<RedemptionResult> {
  const [taken] = await tx
    .update(promoCodes)
    .set({ usageCount: sql`${qualified(promoCodes.usageCount)} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(promoCodes.code, code),
        lt(promoCodes.usageCount, promoCodes.maxUsageCount),
        eq(promoCodes.isDisabled, false),
        templateValidity(
          (from, until) =>
            sql`(${from} IS NULL OR ${from} <= ${today}::date) AND (${until} IS NULL OR ${until} >= ${today}::date)`,
        ),
      ),
    )
    .returning({ id: promoCodes.id, usageCount: promoCodes.usageCount });
  if (!taken) return { kind: await whyNotRedeemable(tx, { code, userId, today }) };
  const [redemption] = await tx
    .insert(promoCodeRedemptions)
    .values({ promoCodeId: taken.id, userId })
    .onConflictDoNothing({ target: [promoCodeRedemptions.promoCodeId, promoCodeRedemptions.userId] })
    .returning({ id: promoCodeRedemptions.id });
  if (!redemption) return { kind: 'alreadyRedeemed' };
  return { kind: 'redeemed', promoCodeId: taken.id, usageCount: taken.usageCount };
}

/** Why the UPDATE took no use: a disabled code is answered as an unknown one. */
async function whyNotRedeemable(
  tx: Queryable,
  { code, userId, today }: { code: string; userId: number; today: string },
): Promise<Exclude<RedemptionResult['kind'], 'redeemed'>> {
  const [row] = await tx
    .select({
      id: promoCodes.id,
      isDisabled: promoCodes.isDisabled,
      usageCount: promoCodes.usageCount,
      maxUsageCount: promoCodes.maxUsageCount,
      validFrom: promoCodeTemplates.validFrom,
      validUntil: promoCodeTemplates.validUntil,
    })
    .from(promoCodes)
    .innerJoin(promoCodeTemplates, eq(promoCodeTemplates.id, promoCodes.promoCodeTemplateId))
    .where(eq(promoCodes.code, code));
  if (!row || row.isDisabled) return 'unknown';
  if (row.validFrom !== null && row.validFrom > today) return 'notYetValid';
  if (row.validUntil !== null && row.validUntil < today) return 'expired';
  const [mine] = await tx
    .select({ id: promoCodeRedemptions.id })
    .from(promoCodeRedemptions)
    .where(and(eq(promoCodeRedemptions.promoCodeId, row.id), eq(promoCodeRedemptions.userId, userId)));
  if (mine) return 'alreadyRedeemed';
  // Used up, or (rarely) the code changed between the two statements: either way no use is left for now.
  return 'usedUp';
}

// ---- promo code templates ----------------------------------------------------------------------------

export async function loadPromoCodeTemplates(db: Queryable, ids: readonly number[]): Promise<PromoCodeTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(promoCodeTemplates)
    .where(inArray(promoCodeTemplates.id, [...ids]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    htmlDescription: row.htmlDescription,
    discountKind: row.discountKind as PromoDiscountKind,
    discountValue: row.discountValue,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    establishmentId: row.establishmentId,
    promoterGroupId: row.promoterGroupId,
    version: row.version,
  }));
}

function templateColumnsOf(input: PromoCodeTemplateInput) {
  return {
    name: input.name,
    ...storedDescription(input, {
      plain: PROMO_CODE_LIMITS.description,
      html: PROMO_CODE_LIMITS.html,
      htmlField: 'htmlDescription',
    }),
    discountKind: input.discountKind,
    discountValue: input.discountValue,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    establishmentId: input.establishmentId,
    promoterGroupId: input.promoterGroupId,
  };
}

export async function insertPromoCodeTemplate(tx: Queryable, input: PromoCodeTemplateInput): Promise<number> {
  const [row] = await tx
    .insert(promoCodeTemplates)
    .values(templateColumnsOf(input))
    .returning({ id: promoCodeTemplates.id });
  return row.id;
}

export async function updatePromoCodeTemplate(tx: Queryable, id: number, input: PromoCodeTemplateInput): Promise<void> {
  await tx.update(promoCodeTemplates).set(templateColumnsOf(input)).where(eq(promoCodeTemplates.id, id));
}

// ---- audit of a bulk creation ------------------------------------------------------------------------

/** One CREATE row per new code, in one statement (a batch makes up to a thousand). */
export async function auditCreatedPromoCodes(tx: Queryable, actor: AuditActor, created: readonly PromoCode[]) {
  if (created.length === 0) return;
  await tx.insert(auditLog).values(
    created.map((record) => ({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      resource: 'promo-codes',
      recordId: String(record.id),
      action: 'CREATE',
      changes: changesBetween(null, record),
    })),
  );
}
