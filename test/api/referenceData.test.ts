import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { hasPermission } from '../../domain/access';
import {
  REFERENCE_KIND_NAMES,
  referenceResourceOf,
  type ReferenceKind,
  type ReferenceRecord,
} from '../../domain/reference';
import {
  auditLog,
  establishmentMusics,
  establishments,
  eventEnvironments,
  eventGames,
  events,
  eventServices,
  offers,
  promoterGroupAmbiances,
  promoterGroupEventTypes,
  promoterGroupPromoterTypes,
  promoterGroups,
  establishmentSecondaryTypes,
} from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed';
import { signIn, startTestServer, type TestServer } from './harness';

/** `/reference-data/{kind}`: every kind read by everyone, written by ROOT only, never deleted while in use. */

let server: TestServer;
const tokens = new Map<string, string>();
const rootToken = () => tokens.get('root@demo.ch')!;

beforeAll(async () => {
  server = await startTestServer();
  for (const account of DEMO_ACCOUNTS) tokens.set(account.email, (await signIn(server.app, account.email)).accessToken);
});
afterAll(() => server.close());

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const url = (kind: ReferenceKind, rest = '') => `/api/v1/${referenceResourceOf(kind)}${rest}`;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, token = rootToken()) {
  return server.app.inject({ method, url: path, payload, headers: { authorization: `Bearer ${token}` } });
}

const list = async (
  kind: ReferenceKind,
  query: { filter?: object; sort?: [string, string]; range?: [number, number] } = {},
) => {
  const parameters = Object.entries(query).map(([name, value]) => `${name}=${json(value)}`);
  const response = await call('GET', `${url(kind)}?${parameters.join('&')}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReferenceRecord[]>();
};
const keys = (records: ReferenceRecord[]) => records.map((record) => record.key);
const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string> }>().errors;

let probeCount = 0;
const probeInput = (overrides: object = {}) => {
  probeCount += 1;
  return {
    key: `PROBE_${probeCount}`,
    label: {
      en: `Probe ${probeCount}`,
      fr: `Sonde ${probeCount}`,
      de: `Probe ${probeCount}`,
      it: `Sonda ${probeCount}`,
    },
    ...overrides,
  };
};

async function createProbe(kind: ReferenceKind, overrides: object = {}): Promise<ReferenceRecord> {
  const response = await call('POST', url(kind), probeInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReferenceRecord>();
}

describe('reading', () => {
  it('lets every demo account list, get one and get many of every kind, with Content-Range', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const token = tokens.get(account.email)!;
      for (const kind of REFERENCE_KIND_NAMES) {
        const page = await call('GET', `${url(kind)}?range=${json([0, 1])}`, undefined, token);
        expect(page.statusCode, `${account.email} ${kind}`).toBe(200);
        const [first, second] = page.json<ReferenceRecord[]>();
        expect(page.headers['content-range']).toMatch(new RegExp(`^reference-data/${kind} 0-1/\\d+$`));

        const one = await call('GET', url(kind, `/${first.id}`), undefined, token);
        expect(one.statusCode).toBe(200);
        expect(one.json()).toEqual(first);

        const many = await call('GET', `${url(kind)}?filter=${json({ id: [second.id, first.id] })}`, undefined, token);
        expect(
          many
            .json<ReferenceRecord[]>()
            .map((record) => record.id)
            .sort(),
        ).toEqual([first.id, second.id].sort());
      }
    }
  });

  it('serves the record shape with a label in each language, in position order, a whole vocabulary per default page', async () => {
    const response = await call('GET', url('musics'));
    const musics = response.json<ReferenceRecord[]>();
    // More than the generic's 25 per page: a picker gets the whole vocabulary without asking for a range.
    expect(musics.length).toBeGreaterThan(25);
    expect(response.headers['content-range']).toBe(`reference-data/musics 0-${musics.length - 1}/${musics.length}`);
    expect(musics[0]).toEqual({
      id: expect.any(Number),
      key: 'TECHNO',
      label: { en: 'Techno', fr: 'Techno', de: 'Techno', it: 'Techno' },
      position: 0,
      isActive: true,
      version: 1,
    });
    const positions = musics.map((record) => record.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('sorts by a label case-insensitively and by key, and searches the key and every label', async () => {
    const games = await list('games', { sort: ['label.de', 'ASC'] });
    const germanLabels = games.map((record) => record.label.de);
    expect(germanLabels).toEqual([...germanLabels].sort((a, b) => a.localeCompare(b, 'de', { sensitivity: 'base' })));
    const byKey = keys(await list('games', { sort: ['key', 'DESC'] }));
    expect(byKey).toEqual([...byKey].sort().reverse());

    expect(keys(await list('games', { filter: { q: 'baby-foot' } }))).toEqual(['TABLE_FOOTBALL']);
    expect(keys(await list('games', { filter: { q: 'freccette' } }))).toEqual(['DARTS']);
    expect(keys(await list('games', { filter: { q: 'table_foot' } }))).toEqual(['TABLE_FOOTBALL']);
  });

  it('refuses an unknown sort field or filter with a 400 naming it', async () => {
    expect((await call('GET', `${url('musics')}?sort=${json(['label.es', 'ASC'])}`)).statusCode).toBe(400);
    const response = await call('GET', `${url('musics')}?filter=${json({ isActive: 'yes' })}`);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toHaveProperty(['filter.isActive']);
  });
});

describe('who writes', () => {
  const writers = DEMO_ACCOUNTS.filter((account) => hasPermission([account.roleKey], 'REFERENCE_DATA', 'create'));
  const others = DEMO_ACCOUNTS.filter((account) => !writers.includes(account));

  it('is ROOT alone, as the permission table says', () => {
    expect(writers.map((account) => account.roleKey)).toEqual(['ROOT']);
  });

  it('answers 403 to every other account on create, update and delete, and changes nothing', async () => {
    for (const kind of REFERENCE_KIND_NAMES) {
      const target = await createProbe(kind);
      for (const account of others) {
        const token = tokens.get(account.email)!;
        const attempts = [
          await call('POST', url(kind), probeInput(), token),
          await call('PUT', url(kind, `/${target.id}`), { ...target, isActive: false }, token),
          await call('DELETE', url(kind, `/${target.id}`), undefined, token),
        ];
        expect(
          attempts.map((response) => response.statusCode),
          `${account.email} ${kind}`,
        ).toEqual([403, 403, 403]);
      }
      expect((await call('GET', url(kind, `/${target.id}`))).json()).toEqual(target);
    }
  });

  it('lets ROOT create, update and delete, each write audited under the kind', async () => {
    const created = await createProbe('ambiances', { key: ' after_hours ', position: 7 });
    expect(created).toMatchObject({ key: 'AFTER_HOURS', position: 7, isActive: true, version: 1 });

    const renamed = { ...created, label: { ...created.label, fr: 'After' } };
    const updated = await call('PUT', url('ambiances', `/${created.id}`), renamed);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ ...renamed, version: 2 });

    const deleted = await call('DELETE', url('ambiances', `/${created.id}`));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ...renamed, version: 2 });
    expect((await call('GET', url('ambiances', `/${created.id}`))).statusCode).toBe(404);

    const rows = await server.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'reference-data/ambiances'), eq(auditLog.recordId, String(created.id))))
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(rows[1].changes).toEqual({ 'label.fr': { before: created.label.fr, after: 'After' } });
  });
});

describe('validation', () => {
  it('names a missing label, a missing language and a bad key', async () => {
    const noLabel = await call('POST', url('musics'), { key: 'PROBE_NO_LABEL' });
    expect(noLabel.statusCode).toBe(400);
    expect(Object.keys(errorsOf(noLabel))).toEqual(['label']);

    const noGerman = await call(
      'POST',
      url('musics'),
      probeInput({ label: { en: 'Goa', fr: 'Goa', de: '  ', it: 'Goa' } }),
    );
    expect(noGerman.statusCode).toBe(400);
    expect(Object.keys(errorsOf(noGerman))).toEqual(['label.de']);

    for (const key of ['deep house', 'DEEP__HOUSE', '_HOUSE', 'MÜSIK', '', 'X'.repeat(51)]) {
      const badKey = await call('POST', url('musics'), probeInput({ key }));
      expect(badKey.statusCode, key).toBe(400);
      expect(Object.keys(errorsOf(badKey)), key).toEqual(['key']);
    }

    const badPosition = await call('POST', url('musics'), probeInput({ position: -1, isActive: 'no' }));
    expect(Object.keys(errorsOf(badPosition)).sort()).toEqual(['isActive', 'position']);
  });

  it('refuses a key already taken, whatever its case, with 409 on key', async () => {
    const response = await call('POST', url('musics'), probeInput({ key: 'techno' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'ALREADY_TAKEN', errors: { key: 'ALREADY_TAKEN' } });

    const probe = await createProbe('musics');
    const rename = await call('PUT', url('musics', `/${probe.id}`), { ...probe, key: 'House' });
    expect(rename.statusCode).toBe(409);
    expect(errorsOf(rename)).toEqual({ key: 'ALREADY_TAKEN' });
    expect((await call('GET', url('musics', `/${probe.id}`))).json()).toEqual(probe);
  });

  it('answers 409 EDIT_CONFLICT to a PUT at a stale version, and 400 to one without a version', async () => {
    const probe = await createProbe('services');
    const first = await call('PUT', url('services', `/${probe.id}`), { ...probe, position: 3 });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', url('services', `/${probe.id}`), { ...probe, position: 4 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('EDIT_CONFLICT');
    const { version: _unused, ...withoutVersion } = probe;
    const missing = await call('PUT', url('services', `/${probe.id}`), withoutVersion);
    expect(errorsOf(missing)).toHaveProperty('version');
    expect((await call('GET', url('services', `/${probe.id}`))).json()).toMatchObject({ position: 3, version: 2 });
  });
});

describe('retiring and deleting', () => {
  it('keeps a retired value readable, and the isActive filter tells retired from offered ones', async () => {
    const probe = await createProbe('environments');
    const retired = await call('PUT', url('environments', `/${probe.id}`), { ...probe, isActive: false });
    expect(retired.statusCode).toBe(200);
    expect((await call('GET', url('environments', `/${probe.id}`))).json()).toMatchObject({ isActive: false });

    const offered = await list('environments', { filter: { isActive: true } });
    const withdrawn = await list('environments', { filter: { isActive: false } });
    expect(offered.every((record) => record.isActive)).toBe(true);
    expect(keys(offered)).not.toContain(probe.key);
    expect(keys(withdrawn)).toEqual([probe.key]);
    expect(keys(await list('environments'))).toContain(probe.key);
  });

  it('deletes a value nothing uses', async () => {
    const probe = await createProbe('offer-types');
    expect((await call('DELETE', url('offer-types', `/${probe.id}`))).statusCode).toBe(200);
  });

  const [firstEstablishment, firstGroup, firstEvent, firstOffer] = [
    async () => (await server.db.select({ id: establishments.id }).from(establishments).limit(1))[0].id,
    async () => (await server.db.select({ id: promoterGroups.id }).from(promoterGroups).limit(1))[0].id,
    async () => (await server.db.select({ id: events.id }).from(events).limit(1))[0].id,
    async () => (await server.db.select({ id: offers.id }).from(offers).limit(1))[0].id,
  ];

  /** One way records use each kind: links that cascade on delete, and plain columns that do not. */
  const linkers: Record<ReferenceKind, (valueId: number) => Promise<void>> = {
    'establishment-types': async (id) => {
      await server.db
        .insert(establishmentSecondaryTypes)
        .values({ establishmentId: await firstEstablishment(), establishmentTypeId: id });
    },
    'promoter-types': async (id) => {
      await server.db
        .insert(promoterGroupPromoterTypes)
        .values({ promoterGroupId: await firstGroup(), promoterTypeId: id });
    },
    'event-types': async (id) => {
      await server.db.insert(promoterGroupEventTypes).values({ promoterGroupId: await firstGroup(), eventTypeId: id });
    },
    musics: async (id) => {
      await server.db.insert(establishmentMusics).values({ establishmentId: await firstEstablishment(), musicId: id });
    },
    ambiances: async (id) => {
      await server.db.insert(promoterGroupAmbiances).values({ promoterGroupId: await firstGroup(), ambianceId: id });
    },
    services: async (id) => {
      await server.db.insert(eventServices).values({ eventId: await firstEvent(), serviceId: id });
    },
    games: async (id) => {
      await server.db.insert(eventGames).values({ eventId: await firstEvent(), gameId: id });
    },
    environments: async (id) => {
      await server.db.insert(eventEnvironments).values({ eventId: await firstEvent(), environmentId: id });
    },
    'offer-types': async (id) => {
      await server.db
        .update(offers)
        .set({ offerTypeId: id })
        .where(eq(offers.id, await firstOffer()));
    },
  };

  it.each(REFERENCE_KIND_NAMES)(
    'refuses to delete a %s value that a record uses: 409 IN_USE, and the link stays',
    async (kind) => {
      const probe = await createProbe(kind);
      await linkers[kind](probe.id);
      const response = await call('DELETE', url(kind, `/${probe.id}`));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'IN_USE' });
      expect((await call('GET', url(kind, `/${probe.id}`))).json()).toEqual(probe);
      // Still linked: the cascade did not run.
      const again = await call('DELETE', url(kind, `/${probe.id}`));
      expect(again.statusCode).toBe(409);
    },
  );

  it('refuses to delete the main type of an establishment (a foreign key without cascade)', async () => {
    const probe = await createProbe('establishment-types');
    const establishmentId = await firstEstablishment();
    const [before] = await server.db
      .select({ typeId: establishments.establishmentTypeId })
      .from(establishments)
      .where(eq(establishments.id, establishmentId));
    await server.db
      .update(establishments)
      .set({ establishmentTypeId: probe.id })
      .where(eq(establishments.id, establishmentId));
    try {
      expect((await call('DELETE', url('establishment-types', `/${probe.id}`))).json()).toEqual({ message: 'IN_USE' });
    } finally {
      await server.db
        .update(establishments)
        .set({ establishmentTypeId: before.typeId })
        .where(eq(establishments.id, establishmentId));
    }
    expect((await call('DELETE', url('establishment-types', `/${probe.id}`))).statusCode).toBe(200);
  });

  it('refuses to delete a seeded value in use, such as Techno', async () => {
    const [techno] = await list('musics', { filter: { q: 'TECHNO' } });
    expect(techno.key).toBe('TECHNO');
    expect((await call('DELETE', url('musics', `/${techno.id}`))).statusCode).toBe(409);
  });
});
