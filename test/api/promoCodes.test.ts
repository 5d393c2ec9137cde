import { Temporal } from 'temporal-polyfill';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, canRedeemPromoCode } from '../../domain/access';
import { PROMO_CODE_ERROR_CODES } from '../../domain/errors';
import { GENERATED_CODE_ALPHABET, zurichToday, type PromoCode, type PromoCodeTemplate } from '../../domain/promoCode';
import { auditLog, promoCodeRedemptions, promoCodes } from '../../server/db/schema';
import { insertPromoCodeBatch } from '../../server/services/promoCodes';
import { viewerOf } from './authorizationMatrix';
import {
  createUser,
  DEMO_EMAILS,
  errorsOf,
  jsonParam,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  totalOf,
  type TestServer,
} from './harness';

/**
 * `/promo-codes` and `/promo-code-templates` beyond the generated authorisation matrix: every field's
 * validation, generated and case-insensitive codes, the status, bulk creation (all or nothing), and the
 * redemption: its refusals, its rate limit, who may, and 50 customers redeeming one code with three uses at once.
 */

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const callWith = (token: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const call = (email: string, method: Method, url: string, payload?: object) =>
  callWith(tokens[email], method, url, payload);
const asRoot = (method: Method, url: string, payload?: object) => call('root@demo.ch', method, url, payload);

const today = () => Temporal.PlainDate.from(zurichToday());
const day = (offset: number) => today().add({ days: offset }).toString();
let uniqueCount = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}-${(uniqueCount += 1)}`;

async function createTemplate(fields: object = {}): Promise<PromoCodeTemplate> {
  const response = await asRoot('POST', '/promo-code-templates', {
    name: unique('Template'),
    discountKind: 'PERCENTAGE',
    discountValue: 15,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PromoCodeTemplate>();
}

async function createCode(fields: { promoCodeTemplateId: number } & Record<string, unknown>): Promise<PromoCode> {
  const response = await asRoot('POST', '/promo-codes', { code: unique('CODE'), ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PromoCode>();
}

const expectFieldError = (response: LightMyRequestResponse, field: string, status = 400) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(Object.keys(errorsOf(response)), response.body).toContain(field);
};

const redeemAs = (token: string, code: string) => callWith(token, 'POST', '/promo-codes/redeem', { code });

async function signedInCustomers(count: number): Promise<string[]> {
  const customers = await Promise.all(Array.from({ length: count }, () => createUser(server.db)));
  const sessions = [];
  for (const customer of customers) sessions.push(await signIn(server.app, customer.email, TEST_PASSWORD));
  return sessions.map((session) => session.accessToken);
}

let template: PromoCodeTemplate;
beforeAll(async () => {
  template = await createTemplate({ validFrom: day(-1), validUntil: day(30) });
});

describe('promo code templates', () => {
  it('are created, read and sanitised as the record shape', async () => {
    const created = await createTemplate({
      name: '  Winter −10 CHF ',
      discountKind: 'FIXED_AMOUNT',
      discountValue: 10.5,
      htmlDescription: '<p>Ten off<script>alert(1)</script></p>',
      validFrom: day(0),
      validUntil: day(10),
    });
    expect(created).toMatchObject({
      name: 'Winter −10 CHF',
      discountKind: 'FIXED_AMOUNT',
      discountValue: 10.5,
      htmlDescription: '<p>Ten off</p>',
      description: 'Ten off',
      validFrom: day(0),
      validUntil: day(10),
      establishmentId: null,
      promoterGroupId: null,
      version: 1,
    });
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(121) }],
    ['discountKind', { discountKind: 'HALF_PRICE' }],
    ['discountValue', { discountKind: 'PERCENTAGE', discountValue: 101 }],
    ['discountValue', { discountKind: 'PERCENTAGE', discountValue: 0 }],
    ['discountValue', { discountKind: 'PERCENTAGE', discountValue: null }],
    ['discountValue', { discountKind: 'FIXED_AMOUNT', discountValue: -5 }],
    ['discountValue', { discountKind: 'FIXED_AMOUNT', discountValue: 1.234 }],
    ['discountValue', { discountKind: 'FREE_ENTRY', discountValue: 5 }],
    ['validFrom', { validFrom: '2026-02-30' }],
    ['validUntil', { validUntil: 'tomorrow' }],
    ['validUntil', { validFrom: '2026-05-02', validUntil: '2026-05-01' }],
    ['establishmentId', { establishmentId: 999_999 }],
    ['promoterGroupId', { promoterGroupId: 0 }],
    ['htmlDescription', { htmlDescription: 'x'.repeat(20_001) }],
  ])('refuse a bad %s with a field error', async (field, fields) => {
    const response = await asRoot('POST', '/promo-code-templates', {
      name: 'Valid',
      discountKind: 'PERCENTAGE',
      discountValue: 10,
      ...fields,
    });
    expectFieldError(response, field);
  });

  it('cannot be deleted while codes use them (409 IN_USE), and can be once they are gone', async () => {
    const own = await createTemplate();
    const code = await createCode({ promoCodeTemplateId: own.id });
    const refused = await asRoot('DELETE', `/promo-code-templates/${own.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('IN_USE');
    expect((await asRoot('DELETE', `/promo-codes/${code.id}`)).statusCode).toBe(200);
    expect((await asRoot('DELETE', `/promo-code-templates/${own.id}`)).statusCode).toBe(200);
  });

  it('filter by discount kind and search by name', async () => {
    const named = await createTemplate({ name: unique('Findme'), discountKind: 'FREE_ENTRY', discountValue: null });
    const response = await asRoot(
      'GET',
      `/promo-code-templates?filter=${jsonParam({ q: named.name.toLowerCase(), discountKind: 'FREE_ENTRY' })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PromoCodeTemplate[]>().map((record) => record.id)).toEqual([named.id]);
  });
});

describe('promo codes', () => {
  it('are stored upper-case, default to one use, and ignore a usageCount or status sent by the client', async () => {
    const response = await asRoot('POST', '/promo-codes', {
      code: '  summer-20_a ',
      promoCodeTemplateId: template.id,
      usageCount: 7,
      status: 'USED_UP',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      code: 'SUMMER-20_A',
      maxUsageCount: 1,
      usageCount: 0,
      isDisabled: false,
      status: 'ACTIVE',
      promoCodeTemplateId: template.id,
    });
  });

  it('are unique whatever the case (409 ALREADY_TAKEN on code)', async () => {
    const code = unique('dup');
    await createCode({ code: code.toUpperCase(), promoCodeTemplateId: template.id });
    const response = await asRoot('POST', '/promo-codes', {
      code: code.toLowerCase(),
      promoCodeTemplateId: template.id,
    });
    expectFieldError(response, 'code', 409);
    expect(errorsOf(response).code).toBe('ALREADY_TAKEN');
  });

  it('get a generated code without ambiguous characters when the code is left empty', async () => {
    const generated = await Promise.all(
      [undefined, null, '', '   '].map(
        async (code) => (await createCode({ code, promoCodeTemplateId: template.id })).code,
      ),
    );
    for (const code of generated) {
      expect(code).toMatch(new RegExp(`^[${GENERATED_CODE_ALPHABET}]{8}$`));
      expect(code).not.toMatch(/[0O1IL]/);
    }
    expect(new Set(generated).size).toBe(generated.length);
  });

  it.each([
    ['code', { code: 'AB' }],
    ['code', { code: 'A'.repeat(65) }],
    ['code', { code: 'NO SPACES' }],
    ['code', { code: 'ÄRGER' }],
    ['code', { code: 42 }],
    ['maxUsageCount', { maxUsageCount: 0 }],
    ['maxUsageCount', { maxUsageCount: 1.5 }],
    ['maxUsageCount', { maxUsageCount: '3' }],
    ['promoCodeTemplateId', { promoCodeTemplateId: undefined }],
    ['promoCodeTemplateId', { promoCodeTemplateId: 999_999 }],
    ['isDisabled', { isDisabled: 'yes' }],
  ])('refuse a bad %s with a field error', async (field, fields) => {
    const response = await asRoot('POST', '/promo-codes', {
      code: unique('VALID'),
      promoCodeTemplateId: template.id,
      ...fields,
    });
    expectFieldError(response, field);
  });

  it('cannot lower maxUsageCount below the uses already made (field error), but may raise or keep it', async () => {
    const code = await createCode({ promoCodeTemplateId: template.id, maxUsageCount: 5 });
    await server.db.update(promoCodes).set({ usageCount: 3 }).where(eq(promoCodes.id, code.id));
    const refused = await asRoot('PUT', `/promo-codes/${code.id}`, { ...code, maxUsageCount: 2 });
    expectFieldError(refused, 'maxUsageCount');
    expect(errorsOf(refused).maxUsageCount).toBe(PROMO_CODE_ERROR_CODES.belowUsage);
    const kept = await asRoot('PUT', `/promo-codes/${code.id}`, { ...code, maxUsageCount: 3 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ maxUsageCount: 3, usageCount: 3, status: 'USED_UP', version: 2 });
  });

  it('carry their status: active, not yet valid, expired, used up, disabled (which wins over the others)', async () => {
    const future = await createTemplate({ validFrom: day(1), validUntil: day(5) });
    const past = await createTemplate({ validFrom: day(-5), validUntil: day(-1) });
    const open = await createTemplate({ validFrom: null, validUntil: null });
    const endsToday = await createTemplate({ validFrom: day(0), validUntil: day(0) });
    const codes = {
      ACTIVE: await createCode({ promoCodeTemplateId: open.id }),
      ACTIVE_LAST_DAY: await createCode({ promoCodeTemplateId: endsToday.id }),
      NOT_YET_VALID: await createCode({ promoCodeTemplateId: future.id }),
      EXPIRED: await createCode({ promoCodeTemplateId: past.id }),
      USED_UP: await createCode({ promoCodeTemplateId: open.id }),
      DISABLED: await createCode({ promoCodeTemplateId: past.id, isDisabled: true }),
    };
    await server.db.update(promoCodes).set({ usageCount: 1 }).where(eq(promoCodes.id, codes.USED_UP.id));
    const statusOf = async (id: number) => (await asRoot('GET', `/promo-codes/${id}`)).json<PromoCode>().status;
    expect(await statusOf(codes.ACTIVE.id)).toBe('ACTIVE');
    expect(await statusOf(codes.ACTIVE_LAST_DAY.id)).toBe('ACTIVE');
    expect(await statusOf(codes.NOT_YET_VALID.id)).toBe('NOT_YET_VALID');
    expect(await statusOf(codes.EXPIRED.id)).toBe('EXPIRED');
    expect(await statusOf(codes.USED_UP.id)).toBe('USED_UP');
    expect(await statusOf(codes.DISABLED.id)).toBe('DISABLED');

    // The list's status filter agrees with the record's status, code by code.
    const ours = Object.values(codes).map((code) => code.id);
    for (const status of ['ACTIVE', 'NOT_YET_VALID', 'EXPIRED', 'USED_UP', 'DISABLED']) {
      const response = await asRoot('GET', `/promo-codes?filter=${jsonParam({ status, id: ours })}`);
      expect(response.statusCode, response.body).toBe(200);
      for (const record of response.json<PromoCode[]>()) expect(record.status).toBe(status);
      const expected = Object.entries(codes).filter(([key]) => key.startsWith(status)).length;
      expect(totalOf(response), status).toBe(expected);
    }
  });

  it('filter by template, search on the code (any case) and sort by usage', async () => {
    const own = await createTemplate();
    const little = await createCode({ code: unique('SORTME'), promoCodeTemplateId: own.id, maxUsageCount: 9 });
    const much = await createCode({ code: unique('SORTME'), promoCodeTemplateId: own.id, maxUsageCount: 9 });
    await server.db.update(promoCodes).set({ usageCount: 2 }).where(eq(promoCodes.id, little.id));
    await server.db.update(promoCodes).set({ usageCount: 8 }).where(eq(promoCodes.id, much.id));
    const list = (filter: object, sort: [string, string]) =>
      asRoot('GET', `/promo-codes?filter=${jsonParam(filter)}&sort=${jsonParam(sort)}&range=${jsonParam([0, 9])}`);
    const byUsage = await list({ promoCodeTemplateId: own.id }, ['usageCount', 'DESC']);
    expect(byUsage.statusCode, byUsage.body).toBe(200);
    expect(byUsage.json<PromoCode[]>().map((code) => code.id)).toEqual([much.id, little.id]);
    const searched = await list({ q: little.code.toLowerCase() }, ['code', 'ASC']);
    expect(searched.json<PromoCode[]>().map((code) => code.id)).toEqual([little.id]);
    expect((await list({ status: 'SOMETIMES' }, ['id', 'ASC'])).statusCode).toBe(400);
  });
});

describe('bulk creation', () => {
  const batch = (fields: object, email = 'root@demo.ch') =>
    call(email, 'POST', '/promo-codes/batch', { count: 5, promoCodeTemplateId: template.id, ...fields });

  it('creates count unique codes with the prefix (upper-cased), answers them in one 201, and audits each', async () => {
    const response = await batch({ count: 50, prefix: 'fest-', maxUsageCount: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<PromoCode[]>();
    expect(created).toHaveLength(50);
    expect(new Set(created.map((code) => code.code)).size).toBe(50);
    for (const code of created) {
      expect(code.code).toMatch(new RegExp(`^FEST-[${GENERATED_CODE_ALPHABET}]{8}$`));
      expect(code).toMatchObject({
        maxUsageCount: 3,
        usageCount: 0,
        status: 'ACTIVE',
        promoCodeTemplateId: template.id,
      });
    }
    const audited = await server.db
      .select({ recordId: auditLog.recordId, action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'promo-codes'),
          inArray(
            auditLog.recordId,
            created.map((code) => String(code.id)),
          ),
        ),
      );
    expect(audited).toHaveLength(50);
    expect(audited.every((row) => row.action === 'CREATE')).toBe(true);
  });

  it('defaults to one use and no prefix', async () => {
    const response = await batch({ count: 2 });
    expect(response.statusCode, response.body).toBe(201);
    for (const code of response.json<PromoCode[]>()) {
      expect(code.code).toMatch(new RegExp(`^[${GENERATED_CODE_ALPHABET}]{8}$`));
      expect(code.maxUsageCount).toBe(1);
    }
  });

  it.each([
    ['count', { count: 0 }],
    ['count', { count: 1001 }],
    ['count', { count: 2.5 }],
    ['count', { count: undefined }],
    ['prefix', { prefix: 'BAD PREFIX' }],
    ['prefix', { prefix: 'P'.repeat(41) }],
    ['maxUsageCount', { maxUsageCount: 0 }],
    ['promoCodeTemplateId', { promoCodeTemplateId: 'one' }],
    ['promoCodeTemplateId', { promoCodeTemplateId: 999_999 }],
  ])('refuses a bad %s with a field error and creates nothing', async (field, fields) => {
    const before = await server.db.$count(promoCodes);
    expectFieldError(await batch(fields), field);
    expect(await server.db.$count(promoCodes)).toBe(before);
  });

  it('draws a generated code again when it is taken already', async () => {
    const taken = await createCode({ code: 'COLLIDE-AAAAAAAA', promoCodeTemplateId: template.id });
    let draws = 0;
    const generator = (prefix: string) => `${prefix}${(draws += 1) <= 2 ? 'AAAAAAAA' : `B${draws}`.padEnd(8, 'C')}`;
    const ids = await server.db.transaction((tx) =>
      insertPromoCodeBatch(
        tx,
        { count: 3, prefix: 'COLLIDE-', maxUsageCount: 1, promoCodeTemplateId: template.id },
        generator,
      ),
    );
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(taken.id);
    const rows = await server.db.select({ code: promoCodes.code }).from(promoCodes).where(inArray(promoCodes.id, ids));
    expect(new Set(rows.map((row) => row.code)).size).toBe(3);
  });

  it('is all or nothing: when free codes cannot be found, none of the batch is kept', async () => {
    const before = await server.db.$count(promoCodes);
    await expect(
      server.db.transaction((tx) =>
        insertPromoCodeBatch(
          tx,
          { count: 4, prefix: 'SAME-', maxUsageCount: 1, promoCodeTemplateId: template.id },
          (prefix) => `${prefix}SAMESAME`,
        ),
      ),
    ).rejects.toThrow();
    expect(await server.db.$count(promoCodes)).toBe(before);
    expect(await server.db.$count(promoCodes, eq(promoCodes.code, 'SAME-SAMESAME'))).toBe(0);
  });

  it.each(DEMO_EMAILS)('is allowed to %s exactly when the role may create promo codes', async (email) => {
    const viewer = await viewerOf(server.db, email);
    const response = await batch({ count: 1 }, email);
    expect(response.statusCode, response.body).toBe(hasPermission(viewer.roleKeys, 'PROMO_CODE', 'create') ? 201 : 403);
  });
});

describe('redemption', () => {
  let customer: string;
  beforeAll(async () => {
    [customer] = await signedInCustomers(1);
  });

  it('takes one use of a code typed in any case and answers the code and its usage', async () => {
    const code = await createCode({ code: unique('REDEEM'), promoCodeTemplateId: template.id, maxUsageCount: 5 });
    const response = await redeemAs(customer, `  ${code.code.toLowerCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ promoCodeId: code.id, usageCount: 1 });
    const rows = await server.db
      .select()
      .from(promoCodeRedemptions)
      .where(eq(promoCodeRedemptions.promoCodeId, code.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a second redemption by the same customer, and counts no use for it', async () => {
    const code = await createCode({ code: unique('TWICE'), promoCodeTemplateId: template.id, maxUsageCount: 5 });
    expect((await redeemAs(customer, code.code)).statusCode).toBe(200);
    const again = await redeemAs(customer, code.code);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(PROMO_CODE_ERROR_CODES.alreadyRedeemed);
    expect((await asRoot('GET', `/promo-codes/${code.id}`)).json<PromoCode>().usageCount).toBe(1);
  });

  it('answers an unknown and a disabled code alike (404), so that a code cannot be probed', async () => {
    const disabled = await createCode({ code: unique('OFF'), promoCodeTemplateId: template.id, isDisabled: true });
    const unknown = await redeemAs(customer, 'NO-SUCH-CODE-HERE');
    const off = await redeemAs(customer, disabled.code);
    const malformed = await redeemAs(customer, '?');
    for (const response of [unknown, off, malformed]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: PROMO_CODE_ERROR_CODES.unknown });
    }
  });

  it('refuses a code before and after its validity, and a used-up one, with their codes', async () => {
    const future = await createTemplate({ validFrom: day(1) });
    const past = await createTemplate({ validUntil: day(-1) });
    const early = await createCode({ promoCodeTemplateId: future.id });
    const late = await createCode({ promoCodeTemplateId: past.id });
    const full = await createCode({ promoCodeTemplateId: template.id, maxUsageCount: 2 });
    await server.db.update(promoCodes).set({ usageCount: 2 }).where(eq(promoCodes.id, full.id));
    const expectRefusal = async (code: string, message: string) => {
      const response = await redeemAs(customer, code);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(message);
    };
    await expectRefusal(early.code, PROMO_CODE_ERROR_CODES.notYetValid);
    await expectRefusal(late.code, PROMO_CODE_ERROR_CODES.expired);
    await expectRefusal(full.code, PROMO_CODE_ERROR_CODES.usedUp);
  });

  it('refuses a body without a code (400 on code)', async () => {
    expectFieldError(await callWith(customer, 'POST', '/promo-codes/redeem', {}), 'code');
    expectFieldError(await callWith(customer, 'POST', '/promo-codes/redeem', { code: 12 }), 'code');
  });

  it.each(DEMO_EMAILS)('is for customers only: %s', async (email) => {
    const viewer = await viewerOf(server.db, email);
    const code = await createCode({ promoCodeTemplateId: template.id, maxUsageCount: 10 });
    const response = await call(email, 'POST', '/promo-codes/redeem', { code: code.code });
    expect(response.statusCode, response.body).toBe(canRedeemPromoCode(viewer.roleKeys) ? 200 : 403);
  });

  it('needs a signed-in user', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo-codes/redeem',
      payload: { code: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('gives exactly maxUsageCount uses to 50 customers redeeming at once: 3 × 200, 47 × 409 USED_UP', async () => {
    const code = await createCode({ code: unique('RUSH'), promoCodeTemplateId: template.id, maxUsageCount: 3 });
    const customers = await signedInCustomers(50);
    const responses = await Promise.all(customers.map((token) => redeemAs(token, code.code)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const response of responses.filter((answer) => answer.statusCode === 409))
      expect(response.json().message).toBe(PROMO_CODE_ERROR_CODES.usedUp);
    expect(
      responses
        .filter((response) => response.statusCode === 200)
        .map((response) => response.json<{ usageCount: number }>().usageCount)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect((await asRoot('GET', `/promo-codes/${code.id}`)).json()).toMatchObject({ usageCount: 3, status: 'USED_UP' });
    expect(await server.db.$count(promoCodeRedemptions, eq(promoCodeRedemptions.promoCodeId, code.id))).toBe(3);
  });

  it('gives one use to one customer redeeming the same code many times at once', async () => {
    const code = await createCode({ code: unique('SAME'), promoCodeTemplateId: template.id, maxUsageCount: 10 });
    const [token] = await signedInCustomers(1);
    const responses = await Promise.all(Array.from({ length: 8 }, () => redeemAs(token, code.code)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((answer) => answer.statusCode !== 200)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(PROMO_CODE_ERROR_CODES.alreadyRedeemed);
    }
    expect((await asRoot('GET', `/promo-codes/${code.id}`)).json<PromoCode>().usageCount).toBe(1);
  });
});

describe('redemption rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: { promoCodeRedemptions: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => limited.close());

  it('slows down one customer guessing codes (429 with Retry-After), without slowing down another', async () => {
    const [guesser, other] = await Promise.all([createUser(limited.db), createUser(limited.db)]);
    const guesserToken = (await signIn(limited.app, guesser.email, TEST_PASSWORD)).accessToken;
    const otherToken = (await signIn(limited.app, other.email, TEST_PASSWORD)).accessToken;
    const guess = (token: string, code: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/promo-codes/redeem',
        payload: { code },
        headers: { authorization: `Bearer ${token}` },
      });
    for (const attempt of ['GUESS-1', 'GUESS-2', 'GUESS-3'])
      expect((await guess(guesserToken, attempt)).statusCode).toBe(404);
    const blocked = await guess(guesserToken, 'GUESS-4');
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guess(otherToken, 'GUESS-1')).statusCode).toBe(404);
  });
});
