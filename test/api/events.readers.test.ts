import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../domain/event';
import { events, eventTypes } from '../../server/db/schema';
import { loadEvents } from '../../server/services/events/record';
import { languageOfAcceptLanguage } from '../../server/services/readerLanguage';
import { jsonParam, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * What a reader sees of an event record (docs/server.md "Events", reading): the venue's note on a request
 * (`generalInfos.approvalReason`) only as a party to it, and `generalInfos.eventType.type` in the reader's
 * language (Accept-Language, else the user's language, else English). Every demo account against the seeded
 * requests of promoter@demo.ch's group at Gleis 7 Club.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { gleis7: 0, approved: 0, rejected: 0, quizNight: 0 };

/** The seeded decisions' notes (server/seed/events.ts), written by admin@demo.ch. */
const APPROVED_TITLE = 'Nachtwerk: Saisonabschluss';
const REJECTED_TITLE = 'Nachtwerk Sunday Afterhour';

/** The request's parties: the roles that see all, Gleis 7's staff, and the requesting group's promoter. */
const PARTIES = [
  'root@demo.ch',
  'coordinator-full@demo.ch',
  'admin@demo.ch',
  'coordinator@demo.ch',
  'coordinator-limited@demo.ch',
  'promoter@demo.ch',
];
/**
 * Everyone else: a customer reads the published one; another venue's admin and another group's promoter read
 * neither.
 */
const OTHERS = ['customer@demo.ch', 'admin2@demo.ch', 'promoter2@demo.ch'];

beforeAll(async () => {
  server = await startTestServer();
  for (const email of [...PARTIES, ...OTHERS]) tokens[email] = (await signIn(server.app, email)).accessToken;
  ids.gleis7 = (await userRow(server.db, 'admin@demo.ch')).establishmentId!;
  const idOfTitle = async (title: string) =>
    (await server.db.select({ id: events.id }).from(events).where(eq(events.title, title)))[0].id;
  ids.approved = await idOfTitle(APPROVED_TITLE);
  ids.rejected = await idOfTitle(REJECTED_TITLE);
  ids.quizNight = (
    await server.db.select({ id: eventTypes.id }).from(eventTypes).where(eq(eventTypes.key, 'QUIZ_NIGHT'))
  )[0].id;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (email: string, method: Method, url: string, options: { payload?: object; language?: string } = {}) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: options.payload,
    headers: {
      authorization: `Bearer ${tokens[email]}`,
      ...(options.language === undefined ? {} : { 'accept-language': options.language }),
    },
  });

const storedReason = async (id: number) =>
  (await server.db.select({ reason: events.approvalReason }).from(events).where(eq(events.id, id)))[0].reason;

describe('the venue’s note on a request (approvalReason)', () => {
  it('is seeded on both decided requests at Gleis 7 (the premise of the tests below)', async () => {
    expect(await storedReason(ids.approved)).toMatch(/^Gerne!/);
    expect(await storedReason(ids.rejected)).toMatch(/^Am Sonntagmorgen/);
  });

  it.each(PARTIES)('%s, a party to the requests, reads the note on both, alone and in the list', async (email) => {
    for (const id of [ids.approved, ids.rejected]) {
      const one = await call(email, 'GET', `/events/${id}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json<Event>().generalInfos.approvalReason).toBe(await storedReason(id));
      const listed = await call(email, 'GET', `/events?filter=${jsonParam({ id: [id] })}`);
      expect(listed.json<Event[]>().map((record) => record.generalInfos.approvalReason)).toEqual([
        await storedReason(id),
      ]);
    }
  });

  it('customer@demo.ch reads the approved (published) event with its status but a null note, and not the rejected draft', async () => {
    const approved = await call('customer@demo.ch', 'GET', `/events/${ids.approved}`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Event>().generalInfos).toMatchObject({ approvalStatus: 'APPROVED', approvalReason: null });
    expect((await call('customer@demo.ch', 'GET', `/events/${ids.rejected}`)).statusCode).toBe(404);
    const listed = await call(
      'customer@demo.ch',
      'GET',
      `/events?filter=${jsonParam({ establishmentId: ids.gleis7 })}&range=${jsonParam([0, 999])}`,
    );
    const approvedInList = listed.json<Event[]>().find((record) => record.id === ids.approved);
    expect(approvedInList?.generalInfos).toMatchObject({ approvalStatus: 'APPROVED', approvalReason: null });
  });

  it.each(OTHERS)('%s finds neither note in any answer of /events or /occurrences', async (email) => {
    const notes = [await storedReason(ids.approved), await storedReason(ids.rejected)] as string[];
    const everyEvent = await call(email, 'GET', `/events?range=${jsonParam([0, 999])}`);
    expect(everyEvent.statusCode, everyEvent.body).toBe(200);
    const window = {
      from: new Date().toISOString().slice(0, 10),
      to: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    };
    const calendar = await call(email, 'GET', `/occurrences?filter=${jsonParam(window)}&range=${jsonParam([0, 999])}`);
    expect(calendar.statusCode, calendar.body).toBe(200);
    const one = await call(email, 'GET', `/events/${ids.approved}`);
    for (const body of [everyEvent.body, calendar.body, one.body]) {
      for (const note of notes) expect(body).not.toContain(note);
    }
    // Whoever reads the published event at all reads it without the note; the others do not read it.
    if (one.statusCode === 200) expect(one.json<Event>().generalInfos.approvalReason).toBeNull();
    else expect(one.statusCode).toBe(404);
  });

  it('answers a decision with the note to the venue that decided it (a party)', async () => {
    const requested = await call('promoter@demo.ch', 'POST', '/events', {
      payload: {
        generalInfos: {
          establishmentId: ids.gleis7,
          eventType: { id: ids.quizNight },
          eventTitle: `Quiz ${randomUUID().slice(0, 8)}`,
          ageMin: 18,
        },
        dateAndCalendar: { startDate: '2026-11-28', startTime: '20:00', endTime: '23:00' },
        saveAction: 'requestEvent',
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const id = requested.json<Event>().id;
    const approved = await call('admin@demo.ch', 'POST', `/events/${id}/approve`, {
      payload: { reason: 'Bitte um 19:00 da sein.' },
      language: 'it',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Event>().generalInfos).toMatchObject({
      approvalReason: 'Bitte um 19:00 da sein.',
      eventType: { id: ids.quizNight, type: 'Serata quiz' },
    });
    const customer = await call('customer@demo.ch', 'GET', `/events/${id}`);
    expect(customer.json<Event>().generalInfos).toMatchObject({ approvalStatus: 'APPROVED', approvalReason: null });
  });
});

describe('the event type in the reader’s language (eventType.type)', () => {
  /** QUIZ_NIGHT's four labels (server/seed/reference.ts), all different. */
  const LABELS = { en: 'Quiz night', fr: 'Soirée quiz', de: 'Quizabend', it: 'Serata quiz' } as const;
  let quiz: Event;

  beforeAll(async () => {
    const created = await call('admin@demo.ch', 'POST', '/events', {
      payload: {
        generalInfos: {
          establishmentId: ids.gleis7,
          eventType: { id: ids.quizNight },
          eventTitle: 'Quiz at Gleis 7',
          ageMin: 18,
        },
        dateAndCalendar: { startDate: '2026-11-26', startTime: '19:30', endTime: '22:00' },
        visibility: 'PUBLISHED',
      },
      language: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    quiz = created.json<Event>();
  });

  it('reads the same event with fr, de, it and en and gets the four labels, alone and in the list', async () => {
    for (const [language, label] of Object.entries(LABELS)) {
      const one = await call('root@demo.ch', 'GET', `/events/${quiz.id}`, { language });
      expect(one.json<Event>().generalInfos.eventType, language).toEqual({ id: ids.quizNight, type: label });
      const listed = await call('root@demo.ch', 'GET', `/events?filter=${jsonParam({ id: [quiz.id] })}`, { language });
      expect(listed.json<Event[]>()[0].generalInfos.eventType.type, language).toBe(label);
    }
  });

  it('takes a region and weights into account: fr-CH, and the heaviest of the app’s languages', async () => {
    const read = async (language: string) =>
      (await call('root@demo.ch', 'GET', `/events/${quiz.id}`, { language })).json<Event>().generalInfos.eventType.type;
    expect(await read('fr-CH')).toBe(LABELS.fr);
    expect(await read('de-CH;q=0.5, it;q=0.8, es')).toBe(LABELS.it);
    expect(await read('es-ES, de;q=0.3')).toBe(LABELS.de);
  });

  it('without a language the header names, answers in the user’s own language (users.language)', async () => {
    // admin@demo.ch reads German, customer@demo.ch Italian, root@demo.ch English (server/seed/accounts.ts).
    const expected = { 'admin@demo.ch': LABELS.de, 'customer@demo.ch': LABELS.it, 'root@demo.ch': LABELS.en } as const;
    for (const [email, label] of Object.entries(expected)) {
      for (const language of [undefined, 'es-ES', '*', 'fr;q=0']) {
        const one = await call(email, 'GET', `/events/${quiz.id}`, { language });
        expect(one.json<Event>().generalInfos.eventType.type, `${email} ${language}`).toBe(label);
      }
    }
  });

  it('answers writes in the reader’s language too, and a label sent back is ignored', async () => {
    const readBack = (await call('admin@demo.ch', 'GET', `/events/${quiz.id}`, { language: 'fr' })).json<Event>();
    const saved = await call('admin@demo.ch', 'PUT', `/events/${quiz.id}`, { payload: readBack, language: 'it' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Event>().generalInfos.eventType).toEqual({ id: ids.quizNight, type: LABELS.it });
    // The French label sent back was ignored: the type is the id, its label is the reader's.
    const inEnglish = await call('admin@demo.ch', 'GET', `/events/${quiz.id}`, { language: 'en' });
    expect(inEnglish.json<Event>().generalInfos.eventType).toEqual({ id: ids.quizNight, type: LABELS.en });
  });
});

describe('the statement that reads event records, built once', () => {
  it('answers each event asked for once, in any order of the ids', async () => {
    const records = await loadEvents(server.db, [ids.rejected, ids.approved]);
    expect(records.map((record) => record.id).sort()).toEqual([ids.approved, ids.rejected].sort());
  });

  // A short list of ids (one event, a venue's four) made PostgreSQL plan the statement again at every run.
  it('settles on its generic plan for a single id after the first runs, as for a full page', async () => {
    await server.db.transaction(async (tx) => {
      for (let run = 0; run < 8; run++) expect(await loadEvents(tx, [ids.approved])).toHaveLength(1);
      // The embedded database keeps every connection's statements in its one session, each name prefixed.
      const statements = await tx.execute(
        sql`SELECT coalesce(sum(generic_plans), 0)::int AS generic FROM pg_prepared_statements WHERE name LIKE '%event_records'`,
      );
      const [plans] = (statements as unknown as { rows: { generic: number }[] }).rows;
      expect(plans.generic).toBeGreaterThan(0);
    });
  });
});

describe('languageOfAcceptLanguage', () => {
  it('picks the heaviest app language, the first named on a tie, and nothing for others, q=0 or garbage', () => {
    expect(languageOfAcceptLanguage('it')).toBe('it');
    expect(languageOfAcceptLanguage('DE-ch')).toBe('de');
    expect(languageOfAcceptLanguage('fr, de')).toBe('fr');
    expect(languageOfAcceptLanguage('en;q=0.2, fr;q=0.9')).toBe('fr');
    expect(languageOfAcceptLanguage(['es', 'it;q=0.1'])).toBe('it');
    expect(languageOfAcceptLanguage('es, pt-BR')).toBeUndefined();
    expect(languageOfAcceptLanguage('fr;q=0')).toBeUndefined();
    expect(languageOfAcceptLanguage('fr;q=abc')).toBeUndefined();
    expect(languageOfAcceptLanguage('')).toBeUndefined();
    expect(languageOfAcceptLanguage(undefined)).toBeUndefined();
  });
});
