import { openEmptyTestDatabase } from './testDatabase';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueOnOf, formatInvoiceNumber, invoiceStatusOn, invoiceTotalsOf } from '../../domain/billing';
import { ROLE_KEYS } from '../../domain/roles';
import { WIDGET_DEFAULTS } from '../../domain/widget';
import { migrateDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { DEMO_BILLING_CREDITOR } from '../../server/config';
import { DEMO_ACCOUNTS, seedDemoData } from '../../server/seed';
import { invoiceReferenceOf } from '../../server/services/billing/references';
import { verifyPassword } from '../../server/services/passwords';
import { LocalFileStorage } from '../../server/services/storage';

const DEMO_PASSWORD = 'Seed-Test-Password-2026';
/** A Saturday: the demo calendar is built around it. */
const TODAY = '2026-11-21';
/** Tables filled at run time (sessions, tokens, mails), not by the seed. */
/** Tables the product fills as it runs: sessions, tokens, mails, the users' own choices and the daily jobs' runs. */
const RUNTIME_TABLES = [
  'auth_sessions',
  'refresh_tokens',
  'one_time_tokens',
  'mail_outbox',
  'notification_preferences',
  'scheduled_job_runs',
];

/** The totals an invoice row must have for its lines on its date. */
const invoiceTotalsOfRow = (invoice: typeof schema.invoices.$inferSelect) => {
  const { subtotalCentimes, vatCentimes, roundingCentimes, totalCentimes } = invoiceTotalsOf(
    invoice.lines,
    invoice.issuedOn,
  );
  return { subtotalCentimes, vatCentimes, roundingCentimes, totalCentimes };
};

let handle: DatabaseHandle;
let disposeDatabase: () => Promise<void> = async () => {};
let db: Database;
let uploadsDir: string;

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? (result as Row[]);

async function tableCounts(): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`)));
    counts[table] = row.n;
  }
  return counts;
}

beforeAll(async () => {
  const database = await openEmptyTestDatabase('seed_test');
  handle = database.handle;
  disposeDatabase = database.dispose;
  db = handle.db;
  await migrateDatabase(handle);
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'seed-uploads-'));
});

afterAll(async () => {
  await disposeDatabase();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('writes nothing when it fails halfway (one transaction)', async () => {
    // A row that collides with a demo upload's storage key makes the seed fail after many inserts.
    const [blocker] = await db
      .insert(schema.uploads)
      .values({ storageKey: 'demo/gleis-7-club-logo.png', originalName: 'x.png', mimeType: 'image/png', sizeBytes: 1 })
      .returning();
    await expect(seedDemoData(db, { demoPassword: DEMO_PASSWORD, today: TODAY })).rejects.toThrow();
    const counts = await tableCounts();
    expect(counts.users).toBe(0);
    expect(counts.roles).toBe(0);
    expect(counts.musics).toBe(0);
    await db.delete(schema.uploads).where(eq(schema.uploads.id, blocker.id));
  });

  it('seeds an empty database', async () => {
    const started = performance.now();
    await expect(
      seedDemoData(db, { demoPassword: DEMO_PASSWORD, storage: new LocalFileStorage(uploadsDir), today: TODAY }),
    ).resolves.toEqual({ seeded: true });
    // Seeding should take under 3 s on PGlite on an idle machine; the bound here leaves room for a busy CI.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('lists exactly the demo accounts of ARCHITECTURE.md §3', () => {
    expect(DEMO_ACCOUNTS.map(({ email, roleKey }) => [email, roleKey])).toEqual([
      ['root@demo.ch', 'ROOT'],
      ['promoter@demo.ch', 'PROMOTER'],
      ['customer@demo.ch', 'CUSTOMER'],
      ['admin@demo.ch', 'ADMIN'],
      ['coordinator@demo.ch', 'COORDINATOR'],
      ['coordinator-limited@demo.ch', 'COORDINATOR_ADMIN_LIMITED'],
      ['coordinator-full@demo.ch', 'COORDINATOR_ADMIN_FULL'],
      ['promoter2@demo.ch', 'PROMOTER'],
      ['admin2@demo.ch', 'ADMIN'],
    ]);
    for (const account of DEMO_ACCOUNTS) expect(account.label.length).toBeGreaterThan(0);
  });

  it('creates the seven roles and each account with its role, scope and the demo password', async () => {
    const roleRows = await db.select().from(schema.roles);
    expect(roleRows.map((role) => role.key).sort()).toEqual([...ROLE_KEYS].sort());

    const accounts = await db
      .select({
        email: schema.users.email,
        roleKey: schema.roles.key,
        passwordHash: schema.users.passwordHash,
        establishment: schema.establishments.name,
        promoterGroup: schema.promoterGroups.name,
      })
      .from(schema.users)
      .innerJoin(schema.roles, eq(schema.roles.id, schema.users.roleId))
      .leftJoin(schema.establishments, eq(schema.establishments.id, schema.users.establishmentId))
      .leftJoin(schema.promoterGroups, eq(schema.promoterGroups.id, schema.users.promoterGroupId));
    const byEmail = new Map(accounts.map((account) => [account.email, account]));
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);

    const expectedScopes: Record<string, [establishment: string | null, promoterGroup: string | null]> = {
      'root@demo.ch': [null, null],
      'customer@demo.ch': [null, null],
      'coordinator-full@demo.ch': [null, null],
      'admin@demo.ch': ['Gleis 7 Club', null],
      'coordinator@demo.ch': ['Gleis 7 Club', null],
      'coordinator-limited@demo.ch': ['Gleis 7 Club', null],
      'admin2@demo.ch': ['Club Le Seujet', null],
      'promoter@demo.ch': [null, 'Nachtwerk Kollektiv'],
      'promoter2@demo.ch': [null, 'Léman Sound System'],
    };
    for (const account of DEMO_ACCOUNTS) {
      const row = byEmail.get(account.email);
      expect(row?.roleKey, account.email).toBe(account.roleKey);
      expect([row?.establishment, row?.promoterGroup], account.email).toEqual(expectedScopes[account.email]);
    }
    const root = byEmail.get('root@demo.ch')!;
    expect(await verifyPassword(root.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(root.passwordHash, 'Demo-Backoffice-2025')).toBe(false);
    // One hash for all (the seed hashes once), so every account verifies alike.
    expect(new Set(accounts.map((account) => account.passwordHash)).size).toBe(1);
  });

  it('fills every entity table', async () => {
    const counts = await tableCounts();
    const empty = Object.entries(counts).filter(([table, count]) => count === 0 && !RUNTIME_TABLES.includes(table));
    expect(empty).toEqual([]);
    expect(Object.keys(counts).length).toBeGreaterThan(40);
  });

  it("fills the inboxes from the seeded requests: pending ones await the venue's staff, decided ones told their requester", async () => {
    const rows = rowsOf<{ email: string; kind: string; status: string; mailed: boolean }>(
      await db.execute(sql`
        SELECT users.email, notifications.kind, asks.status, notifications.mailed_at IS NOT NULL AS mailed
        FROM notifications
        JOIN users ON users.id = notifications.user_id
        JOIN asks ON asks.record_id = notifications.record_id
          AND asks.kind = CASE notifications.resource WHEN 'events' THEN 'EVENT_REQUEST' ELSE 'TEMPLATE_REQUEST' END`),
    );
    const pendingAtFirstVenue = rowsOf<{ count: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS count FROM asks JOIN users ON users.email = 'admin@demo.ch'
        WHERE asks.kind = 'EVENT_REQUEST' AND asks.status = 'PENDING' AND asks.establishment_id = users.establishment_id`),
    )[0]!.count;
    expect(pendingAtFirstVenue).toBeGreaterThan(0);
    const awaitingAdmin = rows.filter((row) => row.email === 'admin@demo.ch' && row.kind === 'ASK_AWAITING');
    expect(awaitingAdmin).toHaveLength(pendingAtFirstVenue);
    expect(rows.filter((row) => row.email === 'admin2@demo.ch' && row.kind === 'ASK_AWAITING')).toHaveLength(0);
    expect(rows.filter((row) => row.kind === 'ASK_AWAITING').every((row) => row.status === 'PENDING')).toBe(true);
    expect(rows.some((row) => row.email === 'promoter@demo.ch' && row.kind.startsWith('EVENT_REQUEST_'))).toBe(true);
    // Nothing seeded is mailed on the first start.
    expect(rows.every((row) => row.mailed)).toBe(true);
  });

  it('places at least two establishments in each of the six cities', async () => {
    const rows = await db
      .select({ city: schema.establishments.city, count: sql<number>`count(*)::int` })
      .from(schema.establishments)
      .groupBy(schema.establishments.city);
    const perCity = Object.fromEntries(rows.map((row) => [row.city, row.count]));
    for (const city of ['Zürich', 'Genève', 'Lausanne', 'Bern', 'Basel', 'Lugano']) {
      expect(perCity[city], city).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives venues a full week of schedules, including closings after midnight', async () => {
    const schedules = await db.select().from(schema.establishmentWorkSchedules);
    const establishmentCount = (await db.select().from(schema.establishments)).length;
    expect(schedules).toHaveLength(establishmentCount * 7);
    expect(schedules.some((day) => day.isActive && day.endTime! < day.startTime!)).toBe(true);
  });

  it('keeps a weekly Saturday 22:00–04:00 series with a SKIP and an UPDATE on occurrences of its rule', async () => {
    const [series] = await db
      .select()
      .from(schema.events)
      .where(
        and(
          eq(schema.events.recurrencePattern, 'WEEKLY'),
          eq(schema.events.startTime, '22:00'),
          eq(schema.events.endTime, '04:00'),
        ),
      );
    expect(series.recurrenceDaysOfWeek).toEqual(['SATURDAY']);
    expect(series.lastEndsAt).toBeNull();
    const rows = await db
      .select()
      .from(schema.eventOutOfSchedule)
      .where(eq(schema.eventOutOfSchedule.eventId, series.id));
    expect(rows.map((row) => row.action).sort()).toEqual(['SKIP', 'UPDATE']);
    for (const row of rows) {
      // Each key is a Saturday at 22:00 in Zürich, i.e. an occurrence the rule generates.
      const local = Temporal.Instant.fromEpochMilliseconds(row.originalStartsAt.getTime()).toZonedDateTimeISO(
        'Europe/Zurich',
      );
      expect(local.dayOfWeek).toBe(6);
      expect(local.toPlainTime().toString()).toBe('22:00:00');
    }
    const update = rows.find((row) => row.action === 'UPDATE')!;
    expect(update.endsAt!.getTime() - update.startsAt!.getTime()).toBe(6 * 3600_000);
  });

  it('links a tail segment to its parent series', async () => {
    const tails = await db.select().from(schema.events).where(eq(schema.events.segmentIsRecurrenceTail, true));
    expect(tails.length).toBeGreaterThan(0);
    const [parent] = await db.select().from(schema.events).where(eq(schema.events.id, tails[0].parentEventId!));
    expect(parent.recurrenceEndType).toBe('ON_DATE');
    expect(parent.lastEndsAt!.getTime()).toBeLessThan(tails[0].firstStartsAt.getTime());
  });

  it('has promoter requests in every approval state', async () => {
    const rows = await db.select({ status: schema.events.approvalStatus }).from(schema.events);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([null, 'PENDING', 'APPROVED', 'REJECTED']));
  });

  it('leaves some tag translations missing', async () => {
    const rows = await db
      .select({ tagId: schema.tagTranslations.tagId, count: sql<number>`count(*)::int` })
      .from(schema.tagTranslations)
      .groupBy(schema.tagTranslations.tagId);
    const tagCount = (await db.select().from(schema.tags)).length;
    expect(tagCount).toBeGreaterThanOrEqual(15);
    expect(rows.some((row) => row.count === 4)).toBe(true);
    expect(rows.some((row) => row.count < 4)).toBe(true);
  });

  it('stores the widget defaults of SPEC §9 for a venue that kept them', async () => {
    const [settings] = await db.select().from(schema.widgetSettings).orderBy(schema.widgetSettings.id).limit(1);
    expect(settings).toMatchObject({
      fontFamilyName: WIDGET_DEFAULTS.fontFamilyName,
      hasTransparentBackground: false,
      hasEnabledHappyHours: false,
      hasRoundedBorders: false,
      hasEnabledCalendar: false,
      hasEnabledProLogo: false,
      happyHoursTitle: 'Default',
      happyHoursIconName: 'HH_ICON_1',
      colorPrimaryText: '#479A7C',
      colorSecondaryText: '#43A2B7',
      colorAccent: '#2F4C86',
      colorButtonPrimary: '#FFFFFF',
      colorHappyHoursIcon: '#F4C100',
      colorBackgroundPrimary: '#F8F9FA',
    });
    expect(settings.externalApiKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('writes the demo pictures as PNG files of the recorded size', async () => {
    const uploads = await db.select().from(schema.uploads);
    for (const upload of uploads) {
      const bytes = readFileSync(path.join(uploadsDir, upload.storageKey));
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(bytes.length).toBe(upload.sizeBytes);
      expect(bytes.readUInt32BE(16)).toBe(upload.width);
      expect(readFileSync(path.join(uploadsDir, upload.previewKey!)).subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });

  it('bills the demo partners: Gleis 7 Club paid on Pro monthly, the demo promoter’s group with one overdue invoice', async () => {
    const plans = await db.select().from(schema.plans).orderBy(schema.plans.id);
    expect(plans.map((plan) => [plan.name.en, plan.priceCentimes, plan.interval, plan.proLogo])).toEqual([
      ['Basic monthly', 2900, 'MONTH', false],
      ['Pro monthly', 7900, 'MONTH', true],
      ['Pro yearly', 79_000, 'YEAR', true],
    ]);
    expect(plans[1].exclusiveOffersPerMonth).toBe(10);
    for (const plan of plans) expect(Object.keys(plan.name).sort()).toEqual(['de', 'en', 'fr', 'it']);

    const invoices = await db.select().from(schema.invoices).orderBy(schema.invoices.year, schema.invoices.sequence);
    // Numbers: the yearly sequences, gap-free, as invoice_number_sequences records them.
    const sequences = await db.select().from(schema.invoiceNumberSequences);
    for (const { year, lastSequence } of sequences) {
      const ofYear = invoices.filter((invoice) => invoice.year === year);
      expect(ofYear.map((invoice) => invoice.sequence)).toEqual(ofYear.map((_, index) => index + 1));
      expect(ofYear.at(-1)?.sequence).toBe(lastSequence);
    }
    expect(sequences.map((row) => row.year).sort()).toEqual(
      [...new Set(invoices.map((invoice) => invoice.year))].sort(),
    );
    for (const invoice of invoices) {
      expect(invoice.number).toBe(formatInvoiceNumber(invoice.year, invoice.sequence));
      expect(invoice.reference).toBe(invoiceReferenceOf(DEMO_BILLING_CREDITOR, invoice.year, invoice.sequence));
      expect(invoice).toMatchObject(invoiceTotalsOfRow(invoice));
      expect(invoice.dueOn).toBe(dueOnOf(invoice.issuedOn));
    }

    const statusesOf = async (partner: { establishmentId?: number; promoterGroupId?: number }) => {
      const [subscription] = await db
        .select()
        .from(schema.subscriptions)
        .where(
          partner.establishmentId
            ? eq(schema.subscriptions.establishmentId, partner.establishmentId)
            : eq(schema.subscriptions.promoterGroupId, partner.promoterGroupId!),
        );
      const own = invoices
        .filter((invoice) => invoice.subscriptionId === subscription.id)
        .sort((a, b) => a.periodStart!.localeCompare(b.periodStart!));
      return {
        subscription,
        statuses: own.map((invoice) => invoiceStatusOn(invoice.status as 'OPEN', invoice.dueOn, TODAY)),
      };
    };
    const [gleis7] = await db
      .select()
      .from(schema.establishments)
      .where(eq(schema.establishments.name, 'Gleis 7 Club'));
    const gleis7Billing = await statusesOf({ establishmentId: gleis7.id });
    expect(plans.find((plan) => plan.id === gleis7Billing.subscription.planId)?.name.en).toBe('Pro monthly');
    expect(gleis7Billing.subscription.startsOn < '2026-08-01').toBe(true);
    expect(gleis7Billing.subscription).toMatchObject({
      currentPeriodStart: '2026-11-01',
      currentPeriodEnd: '2026-11-30',
    });
    expect(gleis7Billing.statuses).toEqual(['PAID', 'PAID', 'PAID', 'PAID', 'OPEN']);

    const [nachtwerk] = await db
      .select()
      .from(schema.promoterGroups)
      .where(eq(schema.promoterGroups.name, 'Nachtwerk Kollektiv'));
    const nachtwerkBilling = await statusesOf({ promoterGroupId: nachtwerk.id });
    expect(nachtwerkBilling.statuses.filter((status) => status === 'OVERDUE')).toHaveLength(1);
    expect(nachtwerkBilling.statuses[0]).toBe('PAID');

    // A payment row for each paid invoice, of its total on its day.
    const payments = await db.select().from(schema.invoicePayments);
    const paid = invoices.filter((invoice) => invoice.status === 'PAID');
    expect(payments).toHaveLength(paid.length);
    for (const invoice of paid) {
      const payment = payments.find((row) => row.invoiceId === invoice.id);
      expect(payment).toMatchObject({ amountCentimes: invoice.totalCentimes, paidOn: invoice.paidOn });
      expect(invoice.paidOn! <= TODAY).toBe(true);
    }

    // The partners' users carry the paid state and the billing page's address.
    const usersOf = async (emails: string[]) =>
      db
        .select({ email: schema.users.email, paid: schema.users.hasPaidSubscription, link: schema.users.billingLink })
        .from(schema.users)
        .where(inArray(schema.users.email, emails))
        .orderBy(schema.users.email);
    expect(
      await usersOf(['admin@demo.ch', 'coordinator@demo.ch', 'coordinator-limited@demo.ch', 'promoter@demo.ch']),
    ).toEqual([
      { email: 'admin@demo.ch', paid: true, link: 'http://localhost:3000/billing' },
      { email: 'coordinator-limited@demo.ch', paid: true, link: 'http://localhost:3000/billing' },
      { email: 'coordinator@demo.ch', paid: true, link: 'http://localhost:3000/billing' },
      { email: 'promoter@demo.ch', paid: false, link: 'http://localhost:3000/billing' },
    ]);
  });

  it('changes nothing when run again', async () => {
    const before = await tableCounts();
    const [rootBefore] = await db.select().from(schema.users).where(eq(schema.users.email, 'root@demo.ch'));
    await expect(seedDemoData(db, { demoPassword: 'Another-Password-2026', today: TODAY })).resolves.toEqual({
      seeded: false,
    });
    expect(await tableCounts()).toEqual(before);
    const [rootAfter] = await db.select().from(schema.users).where(eq(schema.users.email, 'root@demo.ch'));
    expect(rootAfter).toEqual(rootBefore);
  });
});
