import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as access from '../../domain/access';
import * as audit from '../../domain/audit';
import * as auth from '../../domain/auth';
import * as enums from '../../domain/enums';
import * as errors from '../../domain/errors';
import * as establishment from '../../domain/establishment';
import * as event from '../../domain/event';
import * as languages from '../../domain/languages';
import * as partner from '../../domain/partner';
import * as promoter from '../../domain/promoter';
import * as records from '../../domain/records';
import * as recurrence from '../../domain/recurrence';
import * as reference from '../../domain/reference';
import * as roles from '../../domain/roles';
import * as schedule from '../../domain/schedule';
import * as tag from '../../domain/tag';
import * as upload from '../../domain/upload';
import * as user from '../../domain/user';
import * as validation from '../../domain/validation';
import * as widget from '../../domain/widget';
import { awkwardValue, mutatedRecord, withValueAt } from '../support/jsonFuzz';

/**
 * Every zod schema of domain/ against random input: a parse answers success or issues, it never throws. The
 * server turns issues into a 400 and anything thrown into a 500, so a throw here is a 500 for whoever sends
 * that body. Two kinds of input: any JSON value, and a valid record with one to three fields replaced by
 * random values or removed (what reaches the whole-record checks with some fields failed).
 */

const MODULES = {
  access,
  audit,
  auth,
  enums,
  errors,
  establishment,
  event,
  languages,
  partner,
  promoter,
  records,
  recurrence,
  reference,
  roles,
  schedule,
  tag,
  upload,
  user,
  validation,
  widget,
};

/** Every exported schema of domain/, by `module.name`. */
const DOMAIN_SCHEMAS: [string, z.ZodType][] = Object.entries(MODULES).flatMap(([moduleName, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${moduleName}.${name}`, schema] as [string, z.ZodType]),
);

/** Valid records of the write inputs, each field filled so that the cross-field checks have work to do. */
const VALID_RECORDS: [string, z.ZodType, unknown][] = [
  [
    'event.eventInputSchema',
    event.eventInputSchema,
    {
      generalInfos: {
        establishmentId: 1,
        eventType: { id: 2 },
        eventTitle: 'Friday night',
        ageMin: 18,
        tarifMin: 10,
        tarifMax: 25.5,
        urlBilletterie: 'https://tickets.example.ch',
        musics: [1, 2],
        promotable: true,
        isFree: false,
        promoterGroupId: 3,
        localisation: 'Langstrasse 1, Zürich',
        lat: 47.37,
        lang: 8.52,
        city: 'Zürich',
        placeId: null,
      },
      dateAndCalendar: {
        startDate: '2026-11-27',
        endDate: '2026-11-28',
        startTime: '22:00',
        endTime: '04:00',
        recurrencePattern: 'WEEKLY',
        recurrenceDaysOfWeek: ['FRIDAY', 'SATURDAY'],
        recurrenceEndType: 'ON_DATE',
        maxOccurrences: null,
        recurrenceEndDate: '2027-03-01',
        outOfScheduleEvents: [
          { action: 'SKIP', originalStartsAt: '2026-12-04T21:00:00Z' },
          {
            action: 'UPDATE',
            originalStartsAt: '2026-12-11T21:00:00Z',
            startsAt: '2026-12-11T22:00:00Z',
            endsAt: '2026-12-12T03:00:00Z',
            eventTitle: 'Moved',
          },
        ],
        updateScope: 'THIS_OCCURRENCE_ONLY',
      },
      descriptionAndMedia: {
        media: [{ id: 4 }],
        mediaListState: { order: [4], added: [4], removed: [] },
        tagTerms: [5],
        eventCapacity: 300,
      },
      description: { description: 'Techno all night', htmlDescription: '<p>Techno all night</p>' },
      visibility: 'PUBLISHED',
      saveAction: 'requestEvent',
      originalStartsAt: '2026-11-27T21:00:00Z',
      version: 3,
    },
  ],
  [
    'establishment.establishmentInputSchema',
    establishment.establishmentInputSchema,
    {
      generalInfos: {
        establishmentName: 'Club Nord',
        logo: { id: 1 },
        establishmentTypeId: 2,
        establishmentSecondaryTypeIds: [3],
        localisation: 'Langstrasse 1, Zürich',
        lat: 47.37,
        lang: 8.52,
        city: 'Zürich',
        email: 'info@nord.ch',
        phone: '+41 44 000 00 00',
        urlSite: 'https://nord.ch',
        workSchedules: {
          FRIDAY: { isActive: true, startTime: '22:00', endTime: '04:00' },
          MONDAY: { isActive: false },
        },
        media: [{ id: 5 }],
      },
      specificInfos: { musics: [1], ambiance: [2] },
      additionalInfos: {
        ageMin: 18,
        tarifMin: 10,
        tarifMax: 20,
        externalCapacity: 100,
        internalCapacity: 200,
        happyHours: [{ title: 'Early', days: ['FRIDAY'], startTime: '18:00', endTime: '20:00' }],
        tagTerms: [1],
      },
      description: { description: 'A club', htmlDescription: '<p>A club</p>' },
      visibility: 'DRAFT',
      version: 2,
    },
  ],
  [
    'promoter.promoterInputSchema',
    promoter.promoterInputSchema,
    {
      generalInfos: {
        promoterName: 'Nightshift',
        logo: { id: 1 },
        promoterTypesIds: [1],
        evenTypesIds: [2],
        email: 'hi@nightshift.ch',
        urlSite: 'https://nightshift.ch',
      },
      specificInfos: { musics: [1], ambiance: [2] },
      additionalInfos: { tagTerms: [3] },
      visibility: 'PUBLISHED',
      version: 1,
    },
  ],
  [
    'user.userInputSchema',
    user.userInputSchema,
    {
      firstName: 'Anna',
      lastName: 'Muster',
      username: 'anna.muster',
      email: 'anna@example.ch',
      phoneNumber: '+41 79 000 00 00',
      billingLink: 'https://billing.example.ch/anna',
      gender: 'FEMALE',
      roleId: 2,
      establishmentId: 1,
      language: 'de',
      version: 1,
    },
  ],
  [
    'tag.tagInputSchema',
    tag.tagInputSchema,
    {
      generalInfos: { tagName: 'Rooftop', category: 'Place', subCategory: 'Outdoor' },
      translation: { french: 'Toit', german: 'Dach' },
      version: 1,
    },
  ],
  [
    'reference.referenceInputSchema',
    reference.referenceInputSchema,
    {
      key: 'DEEP_HOUSE',
      label: { en: 'Deep house', fr: 'Deep house', de: 'Deep House', it: 'Deep house' },
      position: 3,
    },
  ],
  [
    'schedule.workScheduleDaySchema',
    schedule.workScheduleDaySchema,
    { isActive: true, startTime: '22:00', endTime: '04:00' },
  ],
];

/** The parse's outcome, or the error it threw (with the input, for the failure message). */
function parseOutcome(schema: z.ZodType, input: unknown): { threw: false } | { threw: true; error: string } {
  try {
    schema.safeParse(input);
    return { threw: false };
  } catch (error) {
    return { threw: true, error: `${String(error)} on ${JSON.stringify(input)}` };
  }
}

const SEED = 20_261_128;

describe('domain schemas never throw', () => {
  it('finds the schemas of every domain module', () => {
    expect(DOMAIN_SCHEMAS.map(([name]) => name)).toEqual(expect.arrayContaining(VALID_RECORDS.map(([name]) => name)));
  });

  it.each(VALID_RECORDS)('%s: the valid record parses', (_name, schema, record) => {
    const result = schema.safeParse(record);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each(VALID_RECORDS)(
    '%s: a valid record with fields replaced or removed gives success or issues',
    (_name, schema, record) => {
      fc.assert(
        fc.property(mutatedRecord(record), (input) => {
          expect(parseOutcome(schema, input)).toEqual({ threw: false });
        }),
        { seed: SEED, numRuns: 1500 },
      );
    },
  );

  it.each(DOMAIN_SCHEMAS)('%s: any JSON value gives success or issues', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(awkwardValue, fc.jsonValue({ maxDepth: 4 })), (input) => {
        expect(parseOutcome(schema, input)).toEqual({ threw: false });
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a date that is no date is an issue on its own field, and the record checks across fields stay quiet', () => {
    const [, , record] = VALID_RECORDS[0];
    for (const startDate of ['2026-02-30', '', 'x']) {
      const input = withValueAt(record, ['dateAndCalendar', 'startDate'], startDate);
      const result = event.eventInputSchema.safeParse(input);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['dateAndCalendar.startDate']);
    }
    const badEnd = withValueAt(record, ['dateAndCalendar', 'endDate'], '2026-13-01');
    expect(event.eventInputSchema.safeParse(badEnd).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'dateAndCalendar.endDate',
    ]);
  });
});
