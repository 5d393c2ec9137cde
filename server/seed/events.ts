import { Temporal } from 'temporal-polyfill';
import type {
  ApprovalStatus,
  OutOfScheduleAction,
  RecurrenceEndType,
  RecurrencePattern,
  Visibility,
  WeekDay,
} from '../../domain/enums';
import { WEEK_DAYS } from '../../domain/enums';
import { derivedEndDate } from '../../domain/event';
import {
  generatesOccurrenceAt,
  localDateOf,
  nextOccurrences,
  seriesBounds,
  zonedInstant,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';

export interface SeedRule {
  startDate: string;
  startTime: string;
  endTime: string;
  pattern: RecurrencePattern;
  daysOfWeek: WeekDay[];
  endType: RecurrenceEndType;
  maxOccurrences: number | null;
  recurrenceEndDate: string | null;
}

export interface SeedOccurrenceChange {
  action: OutOfScheduleAction;
  /** SKIP / UPDATE: which occurrence of the rule (0 = the first). */
  occurrence?: number;
  /** UPDATE / CREATE: the local date and times it takes place at. */
  date?: string;
  startTime?: string;
  endTime?: string;
  title?: string;
  changes?: Record<string, unknown>;
}

export interface SeedEvent {
  key: string;
  title: string;
  /** Index into ESTABLISHMENTS / PROMOTER_GROUPS. */
  establishment: number | null;
  promoterGroup: number | null;
  eventTypeKey: string;
  musicKeys: string[];
  tagNames: string[];
  ageMin: number;
  tarifMin: number | null;
  tarifMax: number | null;
  isFree: boolean;
  promotable: boolean;
  rule: SeedRule;
  visibility: Visibility;
  description: string;
  /** Promoter requests: who asked, and the establishment's answer. */
  request?: { status: ApprovalStatus; requestedBy: string; reviewedBy?: string; reason?: string };
  /** Promoter flow: capacity, menu link and what is on offer (place fields are copied from the venue). */
  promoterFlow?: {
    eventCapacity: number;
    urlCarte: string | null;
    serviceKeys: string[];
    gameKeys: string[];
    environmentKeys: string[];
  };
  parentKey?: string;
  occurrenceChanges?: SeedOccurrenceChange[];
}

const dayIndex = (day: WeekDay) => WEEK_DAYS.indexOf(day) + 1; // Temporal: Monday = 1

function nextWeekday(from: Temporal.PlainDate, day: WeekDay): Temporal.PlainDate {
  return from.add({ days: (dayIndex(day) - from.dayOfWeek + 7) % 7 });
}

const rule = (startDate: Temporal.PlainDate, times: [string, string], rest: Partial<SeedRule> = {}): SeedRule => ({
  startDate: startDate.toString(),
  startTime: times[0],
  endTime: times[1],
  pattern: 'NONE',
  daysOfWeek: [],
  endType: 'NEVER',
  maxOccurrences: null,
  recurrenceEndDate: null,
  ...rest,
});

/**
 * One-off and recurring events around `today`, so that every calendar view has something in it:
 * a weekly Saturday 22:00–04:00 series with a SKIP and an UPDATE, a monthly series with a CREATE,
 * a split series (head and tail), a yearly open air, and promoter requests in each approval state.
 */
export function buildSeedEvents(today: Temporal.PlainDate): SeedEvent[] {
  const saturday = nextWeekday(today, 'SATURDAY');
  const monthStart = today.with({ day: 15 }).subtract({ months: 1 });
  const tuesday = nextWeekday(today, 'TUESDAY').subtract({ weeks: 4 });
  const splitAt = tuesday.add({ weeks: 6 });
  const quizNight: SeedEvent = {
    key: 'limmatblick-quiz',
    title: 'Quizabend im Limmatblick',
    establishment: 2,
    promoterGroup: null,
    eventTypeKey: 'QUIZ_NIGHT',
    musicKeys: ['POP'],
    tagNames: ['Signature cocktails'],
    ageMin: 18,
    tarifMin: null,
    tarifMax: null,
    isFree: true,
    promotable: true,
    rule: rule(tuesday, ['19:30', '22:00'], {
      pattern: 'WEEKLY',
      daysOfWeek: ['TUESDAY'],
      endType: 'ON_DATE',
      recurrenceEndDate: splitAt.subtract({ days: 1 }).toString(),
    }),
    visibility: 'PUBLISHED',
    description: 'Teams bis sechs Personen, Anmeldung an der Bar. Der Gewinn: eine Runde für alle.',
  };
  const openAirYear = today.month > 8 ? today.year + 1 : today.year;
  return [
    {
      key: 'gleis7-saturdays',
      title: 'Gleis 7 Saturdays',
      establishment: 0,
      promoterGroup: null,
      eventTypeKey: 'PARTY',
      musicKeys: ['TECHNO', 'HOUSE'],
      tagNames: ['Local DJs', 'Open late'],
      ageMin: 20,
      tarifMin: 20,
      tarifMax: 30,
      isFree: false,
      promotable: true,
      rule: rule(saturday.subtract({ weeks: 3 }), ['22:00', '04:00'], { pattern: 'WEEKLY', daysOfWeek: ['SATURDAY'] }),
      visibility: 'PUBLISHED',
      description: 'Every Saturday: residents on the main floor from 22:00, guests from 01:00 until closing.',
      occurrenceChanges: [
        { action: 'SKIP', occurrence: 4, changes: { reason: 'Private event' } },
        {
          action: 'UPDATE',
          occurrence: 6,
          startTime: '23:00',
          endTime: '05:00',
          title: 'Gleis 7 Saturdays: Nachtwerk takeover',
          changes: { 'generalInfos.tarifMax': 35 },
        },
      ],
    },
    {
      key: 'seujet-afro-vibes',
      title: 'Afro Vibes au Seujet',
      establishment: 1,
      promoterGroup: null,
      eventTypeKey: 'PARTY',
      musicKeys: ['AFROBEATS', 'HIP_HOP'],
      tagNames: ['Over 25'],
      ageMin: 21,
      tarifMin: 20,
      tarifMax: 25,
      isFree: false,
      promotable: true,
      rule: rule(monthStart, ['23:00', '05:00'], {
        pattern: 'MONTHLY',
        endType: 'AFTER_OCCURRENCES',
        maxOccurrences: 8,
      }),
      visibility: 'PUBLISHED',
      description: 'Chaque 15 du mois : afrobeats, amapiano et hip-hop jusqu’à l’aube, au bord du Rhône.',
      occurrenceChanges: [
        {
          action: 'CREATE',
          date: monthStart.add({ months: 2, days: 10 }).toString(),
          startTime: '23:00',
          endTime: '05:00',
          title: 'Afro Vibes au Seujet : édition spéciale',
        },
      ],
    },
    {
      key: 'jazz-ouchy-afterwork',
      title: 'Afterwork Jazz à Ouchy',
      establishment: 6,
      promoterGroup: null,
      eventTypeKey: 'JAM_SESSION',
      musicKeys: ['JAZZ', 'SOUL_FUNK'],
      tagNames: ['Live music'],
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 10,
      isFree: false,
      promotable: true,
      rule: rule(nextWeekday(today, 'THURSDAY').subtract({ weeks: 2 }), ['18:30', '22:30'], {
        pattern: 'WEEKLY',
        daysOfWeek: ['THURSDAY', 'FRIDAY'],
        endType: 'ON_DATE',
        recurrenceEndDate: today.add({ weeks: 12 }).toString(),
      }),
      visibility: 'PUBLISHED',
      description: 'Jam session du jeudi et vendredi : la scène est ouverte aux musiciens dès 20:00.',
    },
    quizNight,
    {
      // Edited "this and the next occurrences" from the sixth Tuesday on: the tail segment carries the
      // series' fields and starts 30 minutes later.
      ...quizNight,
      key: 'limmatblick-quiz-tail',
      rule: rule(splitAt, ['20:00', '22:30'], { pattern: 'WEEKLY', daysOfWeek: ['TUESDAY'] }),
      description: 'Teams bis sechs Personen, Anmeldung an der Bar. Neu ab 20:00.',
      parentKey: 'limmatblick-quiz',
    },
    {
      key: 'flon-dnb-wednesdays',
      title: 'Flon Drum & Bass Wednesdays',
      establishment: 5,
      promoterGroup: null,
      eventTypeKey: 'DJ_SET',
      musicKeys: ['DRUM_AND_BASS'],
      tagNames: ['Students welcome'],
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 15,
      isFree: false,
      promotable: true,
      rule: rule(nextWeekday(today, 'WEDNESDAY'), ['23:00', '04:00'], { pattern: 'WEEKLY', daysOfWeek: ['WEDNESDAY'] }),
      visibility: 'PUBLISHED',
      description: 'Student night: CHF 10 before midnight with a student card.',
    },
    {
      key: 'matte-standup',
      title: 'Stand-up im Mattekeller',
      establishment: 7,
      promoterGroup: null,
      eventTypeKey: 'STAND_UP',
      musicKeys: [],
      tagNames: ['Craft beer'],
      ageMin: 16,
      tarifMin: 15,
      tarifMax: 15,
      isFree: false,
      promotable: false,
      rule: rule(today.with({ day: 5 }), ['20:00', '22:00'], {
        pattern: 'MONTHLY',
        endType: 'ON_DATE',
        recurrenceEndDate: today.add({ months: 6 }).toString(),
      }),
      visibility: 'PUBLISHED',
      description: 'Jeden Monat am 5.: drei Comedians aus Bern und Zürich, auf Berndeutsch und Hochdeutsch.',
    },
    {
      key: 'hafen-open-air',
      title: 'Hafenklub Open Air',
      establishment: 10,
      promoterGroup: null,
      eventTypeKey: 'OPEN_AIR',
      musicKeys: ['TECHNO', 'HOUSE'],
      tagNames: ['Local DJs'],
      ageMin: 18,
      tarifMin: 30,
      tarifMax: 45,
      isFree: false,
      promotable: true,
      rule: rule(Temporal.PlainDate.from({ year: openAirYear, month: 8, day: 8 }), ['14:00', '02:00'], {
        pattern: 'YEARLY',
      }),
      visibility: 'PUBLISHED',
      description: 'Twelve hours at the Rhine port on the second weekend of August, every year.',
    },
    {
      key: 'viadukt-indie',
      title: 'The Glacier Lines live',
      establishment: 3,
      promoterGroup: null,
      eventTypeKey: 'CONCERT',
      musicKeys: ['INDIE', 'ROCK'],
      tagNames: ['Live music'],
      ageMin: 16,
      tarifMin: 35,
      tarifMax: 45,
      isFree: false,
      promotable: true,
      rule: rule(saturday.add({ weeks: 2 }), ['20:00', '23:45']),
      visibility: 'PUBLISHED',
      description: 'The Bernese indie band presents its second album; support: Lake Ghosts.',
    },
    {
      key: 'lorraine-mundart',
      title: 'Mundart-Abend: Lorraine Sessions',
      establishment: 8,
      promoterGroup: null,
      eventTypeKey: 'CONCERT',
      musicKeys: ['SWISS_FOLK', 'INDIE'],
      tagNames: ['Live music', 'Wheelchair accessible'],
      ageMin: 16,
      tarifMin: 18,
      tarifMax: 28,
      isFree: false,
      promotable: true,
      rule: rule(nextWeekday(today, 'FRIDAY').add({ weeks: 1 }), ['20:00', '23:30']),
      visibility: 'PUBLISHED',
      description: 'Drei Acts, ein Abend: neue Mundart-Songs aus Bern, unplugged.',
    },
    {
      key: 'rhybar-swim-party',
      title: 'Rhyschwumm Party',
      establishment: 9,
      promoterGroup: null,
      eventTypeKey: 'PARTY',
      musicKeys: ['HOUSE', 'DISCO'],
      tagNames: ['Dog friendly'],
      ageMin: 16,
      tarifMin: null,
      tarifMax: null,
      isFree: true,
      promotable: true,
      rule: rule(saturday.add({ weeks: 1 }), ['15:00', '23:00']),
      visibility: 'PUBLISHED',
      description: 'Free party on the Rhine bank with disco DJs; bring your Wickelfisch.',
    },
    {
      key: 'bastions-wine-tasting',
      title: 'Dégustation de vins nature',
      establishment: 4,
      promoterGroup: null,
      eventTypeKey: 'AFTERWORK',
      musicKeys: ['JAZZ'],
      tagNames: ['Natural wine'],
      ageMin: 18,
      tarifMin: 25,
      tarifMax: 25,
      isFree: false,
      promotable: false,
      rule: rule(today.add({ days: 10 }), ['18:00', '21:00']),
      visibility: 'DRAFT',
      description: 'Six vins nature genevois présentés par leurs vignerons. Programme en préparation.',
    },
    {
      key: 'nachtwerk-warehouse',
      title: 'Nachtwerk presents: Warehouse 12h',
      establishment: 0,
      promoterGroup: 0,
      eventTypeKey: 'PARTY',
      musicKeys: ['TECHNO'],
      tagNames: ['Vinyl only'],
      ageMin: 20,
      tarifMin: 25,
      tarifMax: 40,
      isFree: false,
      promotable: true,
      rule: rule(saturday.add({ weeks: 5 }), ['22:00', '10:00']),
      // A pending request is a draft until the venue approves it (SAVE_ACTION_OUTCOMES.requestEvent).
      visibility: 'DRAFT',
      description: 'Twelve hours of techno on vinyl, requested by Nachtwerk Kollektiv for Gleis 7.',
      request: { status: 'PENDING', requestedBy: 'promoter@demo.ch' },
      promoterFlow: {
        eventCapacity: 600,
        urlCarte: null,
        serviceKeys: ['CLOAKROOM', 'SMOKING_AREA', 'FREE_WATER'],
        gameKeys: [],
        environmentKeys: ['INDOOR', 'INDUSTRIAL_HALL'],
      },
    },
    {
      key: 'nachtwerk-season-closing',
      title: 'Nachtwerk: Saisonabschluss',
      establishment: 0,
      promoterGroup: 0,
      eventTypeKey: 'DJ_SET',
      musicKeys: ['TECHNO', 'HOUSE'],
      tagNames: ['Local DJs'],
      ageMin: 20,
      tarifMin: 20,
      tarifMax: 30,
      isFree: false,
      promotable: true,
      rule: rule(nextWeekday(today, 'FRIDAY').add({ weeks: 2 }), ['23:00', '06:00']),
      visibility: 'PUBLISHED',
      description: 'Das Kollektiv schliesst die Saison mit sieben Stunden Back-to-back-Sets im Gleis 7.',
      request: {
        status: 'APPROVED',
        requestedBy: 'promoter@demo.ch',
        reviewedBy: 'admin@demo.ch',
        reason: 'Gerne! Bitte den Aufbau ab 20:00 mit unserem Techniker absprechen.',
      },
      promoterFlow: {
        eventCapacity: 500,
        urlCarte: null,
        serviceKeys: ['CLOAKROOM', 'FREE_WATER'],
        gameKeys: [],
        environmentKeys: ['INDOOR'],
      },
    },
    {
      key: 'nachtwerk-sunday-afterhour',
      title: 'Nachtwerk Sunday Afterhour',
      establishment: 0,
      promoterGroup: 0,
      eventTypeKey: 'PARTY',
      musicKeys: ['TECHNO'],
      tagNames: ['Vinyl only'],
      ageMin: 20,
      tarifMin: 15,
      tarifMax: 15,
      isFree: false,
      promotable: true,
      rule: rule(nextWeekday(today, 'SUNDAY').add({ weeks: 3 }), ['06:00', '14:00']),
      visibility: 'DRAFT',
      description: 'Afterhour am Sonntagmorgen mit Vinyl-Sets im Innenhof.',
      request: {
        status: 'REJECTED',
        requestedBy: 'promoter@demo.ch',
        reviewedBy: 'admin@demo.ch',
        reason:
          'Am Sonntagmorgen haben wir keine Bewilligung für Musik im Innenhof; bitte einen Freitag oder Samstag vorschlagen.',
      },
      promoterFlow: {
        eventCapacity: 250,
        urlCarte: null,
        serviceKeys: ['CLOAKROOM'],
        gameKeys: [],
        environmentKeys: ['INDOOR'],
      },
    },
    {
      key: 'leman-afro-brunch',
      title: 'Léman Sound : Afro Brunch Party',
      establishment: 1,
      promoterGroup: 1,
      eventTypeKey: 'PARTY',
      musicKeys: ['AFROBEATS'],
      tagNames: [],
      ageMin: 18,
      tarifMin: 35,
      tarifMax: 35,
      isFree: false,
      promotable: true,
      rule: rule(saturday.add({ weeks: 3 }), ['12:00', '18:00']),
      // A rejected request stays a draft (APPROVAL_OUTCOMES.reject).
      visibility: 'DRAFT',
      description: 'Brunch et afrobeats un samedi après-midi.',
      request: {
        status: 'REJECTED',
        requestedBy: 'promoter2@demo.ch',
        reviewedBy: 'admin2@demo.ch',
        reason: 'La date tombe sur notre soirée Afro Vibes ; merci de proposer un autre samedi.',
      },
      promoterFlow: {
        eventCapacity: 200,
        urlCarte: 'https://lemansound.example.ch/brunch-menu',
        serviceKeys: ['FOOD', 'TABLE_SERVICE'],
        gameKeys: [],
        environmentKeys: ['INDOOR', 'TERRACE'],
      },
    },
    {
      key: 'leman-block-party',
      title: 'Léman Sound : Hip-hop Block Party',
      establishment: 5,
      promoterGroup: 1,
      eventTypeKey: 'CONCERT',
      musicKeys: ['HIP_HOP', 'RNB'],
      tagNames: ['Students welcome'],
      ageMin: 18,
      tarifMin: 15,
      tarifMax: 25,
      isFree: false,
      promotable: true,
      rule: rule(saturday.add({ weeks: 4 }), ['21:00', '04:00']),
      visibility: 'PUBLISHED',
      description: 'Trois MCs romands en live, puis DJ set jusqu’à 4 h.',
      request: { status: 'APPROVED', requestedBy: 'promoter2@demo.ch', reviewedBy: 'root@demo.ch' },
      promoterFlow: {
        eventCapacity: 450,
        urlCarte: null,
        serviceKeys: ['CLOAKROOM', 'TWINT'],
        gameKeys: ['BEER_PONG'],
        environmentKeys: ['INDOOR'],
      },
    },
    {
      key: 'ticino-latin-lake',
      title: 'Ticino Beats: Notte Latina sul Lago',
      establishment: 11,
      promoterGroup: 2,
      eventTypeKey: 'PARTY',
      musicKeys: ['LATIN', 'REGGAETON'],
      tagNames: ['Open late'],
      ageMin: 18,
      tarifMin: 20,
      tarifMax: 30,
      isFree: false,
      promotable: true,
      rule: rule(saturday.add({ weeks: 2 }), ['21:00', '03:00'], {
        pattern: 'WEEKLY',
        daysOfWeek: ['SATURDAY'],
        endType: 'AFTER_OCCURRENCES',
        maxOccurrences: 6,
      }),
      visibility: 'PUBLISHED',
      description: 'Sei sabati di musica latina in riva al lago, con lezione di salsa alle 21:00.',
      request: { status: 'APPROVED', requestedBy: 'root@demo.ch', reviewedBy: 'coordinator-full@demo.ch' },
      promoterFlow: {
        eventCapacity: 250,
        urlCarte: 'https://lidolounge.example.ch/carta',
        serviceKeys: ['TABLE_SERVICE', 'VIP_AREA', 'FOOD'],
        gameKeys: ['BILLIARDS'],
        environmentKeys: ['LAKESIDE', 'TERRACE'],
      },
    },
  ];
}

/** A seed rule in the engine's shape (domain/recurrence.ts). */
export function recurrenceRuleOf(seedRule: SeedRule): RecurrenceRule {
  return {
    startDate: seedRule.startDate,
    endDate: derivedEndDate(seedRule.startDate, seedRule.startTime, seedRule.endTime),
    startTime: seedRule.startTime,
    endTime: seedRule.endTime,
    recurrencePattern: seedRule.pattern,
    recurrenceDaysOfWeek: seedRule.daysOfWeek,
    recurrenceEndType: seedRule.endType,
    maxOccurrences: seedRule.maxOccurrences,
    recurrenceEndDate: seedRule.recurrenceEndDate,
  };
}

/** An out-of-schedule row of the seed, in the table's terms. */
export interface SeedOutOfScheduleRow {
  action: OutOfScheduleAction;
  originalStartsAt: Date;
  startsAt: Date | null;
  endsAt: Date | null;
  title: string | null;
  changes: Record<string, unknown>;
}

/** What the `events` row and its out-of-schedule rows store of a seed event's schedule, as the engine computes it. */
export interface SeedSchedule {
  endDate: string;
  firstStartsAt: Date;
  lastEndsAt: Date | null;
  rows: SeedOutOfScheduleRow[];
}

/** A local date and times → the occurrence's instants (an end at or before the start falls on the next day). */
function instantsAt(date: string, startTime: string, endTime: string): { startsAt: string; endsAt: string } {
  return {
    startsAt: zonedInstant(date, startTime),
    endsAt: zonedInstant(derivedEndDate(date, startTime, endTime), endTime),
  };
}

/**
 * The schedule of a seed event by the recurrence engine, so that the seed and the product agree: SKIP and
 * UPDATE rows are keyed on occurrences the rule generates (checked), and the bounds include the rows.
 */
export function scheduleOf(event: SeedEvent): SeedSchedule {
  const rule = recurrenceRuleOf(event.rule);
  const changes = event.occurrenceChanges ?? [];
  const count = Math.max(0, ...changes.map((change) => (change.occurrence ?? 0) + 1));
  const ruleOccurrences = nextOccurrences(rule, [], zonedInstant(rule.startDate, '00:00'), count);
  const rows = changes.map((change): OutOfScheduleRow & { changes: Record<string, unknown> } => {
    const original = change.occurrence === undefined ? null : ruleOccurrences[change.occurrence];
    if (change.action !== 'CREATE' && !(original && generatesOccurrenceAt(rule, original.originalStartsAt))) {
      throw new Error(`Seed event ${event.key}: ${change.action} of an occurrence its rule does not generate`);
    }
    const placed =
      change.date || change.startTime
        ? instantsAt(
            change.date ?? localDateOf(original!.startsAt),
            change.startTime ?? rule.startTime,
            change.endTime ?? rule.endTime,
          )
        : original!;
    return {
      id: 0,
      action: change.action,
      // A CREATE has no occurrence of the rule: its key is its own start.
      originalStartsAt: original?.originalStartsAt ?? placed.startsAt,
      startsAt: change.action === 'SKIP' ? null : placed.startsAt,
      endsAt: change.action === 'SKIP' ? null : placed.endsAt,
      eventTitle: change.title ?? null,
      changes: change.changes ?? {},
    };
  });
  const bounds = seriesBounds(rule, rows);
  const asDate = (instant: string) => new Date(instant);
  return {
    endDate: rule.endDate!,
    firstStartsAt: asDate(bounds.firstStartsAt),
    lastEndsAt: bounds.lastEndsAt === null ? null : asDate(bounds.lastEndsAt),
    rows: rows.map((row) => ({
      action: row.action,
      originalStartsAt: asDate(row.originalStartsAt),
      startsAt: row.startsAt === null ? null : asDate(row.startsAt),
      endsAt: row.endsAt === null ? null : asDate(row.endsAt),
      title: row.eventTitle ?? null,
      changes: row.changes,
    })),
  };
}
