import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { zonedInstant } from '../../domain/recurrence';
import type { Executor } from './sections';

/**
 * The demo's recent past, so that every demo account's dashboard and statistics have something to show: when
 * the events were created, published and requested, how long each request waited for its answer, when the
 * customer's claims and the promo codes were used, and 120 days of widget views and clicks. Everything is
 * relative to the seed's `today` (so it stays current) and a fixed function of it (a seeded random), and only
 * facts are written: the statistics' triggers (migration 0016) roll them up into `daily_statistics`.
 */

/** How many days of widget views and clicks before today. */
export const HISTORY_DAYS = 120;

/** A deterministic random in [0, 1): mulberry32. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** An instant `daysAgo` days before `today` at a Zurich wall-clock time, plus `hours` (which may cross days). */
export function instantBefore(today: Temporal.PlainDate, daysAgo: number, time: string, hours = 0): Date {
  const at = new Date(zonedInstant(today.subtract({ days: daysAgo }).toString(), time));
  return new Date(at.getTime() + Math.round(hours * 3600_000));
}

/**
 * Each seeded event's past: created `created` days ago at `at`; a venue's own event was published `publishedAfter`
 * hours later; a promoter's request was made on creation and answered `waited` hours later (an approved one is
 * published then). A tail segment takes its parent's publication (migration 0016's trigger).
 */
const EVENT_TIMELINE: Record<string, { created: number; at: string; publishedAfter?: number; waited?: number }> = {
  'gleis7-saturdays': { created: 112, at: '10:20', publishedAfter: 2 },
  'seujet-afro-vibes': { created: 104, at: '14:05', publishedAfter: 26 },
  'jazz-ouchy-afterwork': { created: 61, at: '09:40', publishedAfter: 1 },
  'limmatblick-quiz': { created: 75, at: '16:30', publishedAfter: 4 },
  'limmatblick-quiz-tail': { created: 20, at: '11:15' },
  'flon-dnb-wednesdays': { created: 33, at: '13:00', publishedAfter: 19 },
  'matte-standup': { created: 88, at: '10:45', publishedAfter: 3 },
  'hafen-open-air': { created: 118, at: '08:30', publishedAfter: 50 },
  'viadukt-indie': { created: 26, at: '15:10', publishedAfter: 1 },
  'lorraine-mundart': { created: 19, at: '11:50', publishedAfter: 22 },
  'rhybar-swim-party': { created: 12, at: '17:25', publishedAfter: 2 },
  'bastions-wine-tasting': { created: 5, at: '10:00' },
  'nachtwerk-warehouse': { created: 2, at: '21:40' },
  'nachtwerk-season-closing': { created: 40, at: '18:15', waited: 19 },
  'nachtwerk-sunday-afterhour': { created: 31, at: '23:05', waited: 52 },
  'leman-afro-brunch': { created: 23, at: '12:30', waited: 6 },
  'leman-block-party': { created: 15, at: '20:00', waited: 27 },
  'ticino-latin-lake': { created: 47, at: '09:10', waited: 3 },
};

export interface EventTimes {
  createdAt: Date;
  publishedAt: Date | null;
  approvalRequestedAt: Date | null;
  reviewedAt: Date | null;
}

export function eventTimesOf(
  key: string,
  today: Temporal.PlainDate,
  event: { visibility: string; request?: { status: string }; parentKey?: string },
): EventTimes {
  const timeline = EVENT_TIMELINE[key] ?? { created: 1, at: '09:00', publishedAfter: 1 };
  const createdAt = instantBefore(today, timeline.created, timeline.at);
  const reviewedAt =
    event.request && event.request.status !== 'PENDING'
      ? instantBefore(today, timeline.created, timeline.at, timeline.waited ?? 24)
      : null;
  const isPublished =
    !event.parentKey && event.visibility === 'PUBLISHED' && (!event.request || event.request.status === 'APPROVED');
  return {
    createdAt,
    publishedAt: !isPublished
      ? null
      : (reviewedAt ?? instantBefore(today, timeline.created, timeline.at, timeline.publishedAfter ?? 1)),
    approvalRequestedAt: event.request ? createdAt : null,
    reviewedAt,
  };
}

/** Partners' template requests: made `created` days ago, answered `waited` hours later by the platform. */
const TEMPLATE_TIMELINE: Record<string, { created: number; at: string; waited?: number; decidedBy?: string }> = {
  'free-before-midnight': { created: 95, at: '11:30', waited: 22, decidedBy: 'coordinator-full@demo.ch' },
  'welcome-drink': { created: 70, at: '15:45', waited: 5, decidedBy: 'root@demo.ch' },
  'thursday-happy-hour': { created: 100, at: '10:00' },
  'monthly-guest-list': { created: 4, at: '19:20' },
  'daily-aperitivo': { created: 100, at: '10:05' },
  'bottle-deal': { created: 38, at: '16:40', waited: 45, decidedBy: 'root@demo.ch' },
};

export function templateTimesOf(
  key: string,
  today: Temporal.PlainDate,
  decided: boolean,
): { createdAt: Date; decidedAt: Date | null; decidedBy: string | null } {
  const timeline = TEMPLATE_TIMELINE[key] ?? { created: 1, at: '09:00' };
  return {
    createdAt: instantBefore(today, timeline.created, timeline.at),
    decidedAt:
      decided && timeline.waited !== undefined
        ? instantBefore(today, timeline.created, timeline.at, timeline.waited)
        : null,
    decidedBy: decided ? (timeline.decidedBy ?? null) : null,
  };
}

/** Weight of a weekday (Monday first) in the widget's audience: the weekend goes out. */
const WEEKDAY_WEIGHTS = [0.55, 0.6, 0.7, 0.95, 1.6, 1.9, 0.8];

/**
 * `count` instants in the `days` days before today, more of them on Fridays and Saturdays, in the evening, in
 * ascending order; drawn from `random`.
 */
export function spreadInstants(today: Temporal.PlainDate, count: number, days: number, random: () => number): Date[] {
  const weights = Array.from(
    { length: days },
    (_, index) => WEEKDAY_WEIGHTS[today.subtract({ days: index + 1 }).dayOfWeek - 1],
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return Array.from({ length: count }, () => {
    let pick = random() * total;
    let daysAgo = 1;
    while (daysAgo < days && pick >= weights[daysAgo - 1]) pick -= weights[daysAgo++ - 1];
    const minutes = 16 * 60 + Math.floor(random() * 7 * 60); // 16:00–22:59
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return instantBefore(today, daysAgo, time);
  }).sort((a, b) => a.getTime() - b.getTime());
}

/** City guides that embed the venues' widgets; the national one embeds every third venue's. */
const CITY_GUIDES: Record<string, string> = {
  Zürich: 'https://www.zueri-ausgang.example.ch',
  Genève: 'https://www.geneve-sorties.example.ch',
  Lausanne: 'https://www.lausanne-sorties.example.ch',
  Bern: 'https://www.bern-ausgang.example.ch',
  Basel: 'https://www.basel-ausgang.example.ch',
  Lugano: 'https://www.lugano-eventi.example.ch',
};
const NATIONAL_GUIDE = 'https://www.nachtleben-schweiz.example.ch';

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? (result as Row[]);
const originOf = (url: string | null): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

interface ViewRow {
  widget: number;
  day: string;
  origin: string;
  views: number;
}
interface ClickRow {
  widget: number;
  day: string;
  kind: 'TICKET' | 'WEBSITE';
  event: number | null;
  clicks: number;
}

/**
 * `HISTORY_DAYS` days of widget views and clicks before today for every venue's widget, as the widget's counts
 * would have recorded them: a venue's own audience (some venues far busier than others), more on Fridays and
 * Saturdays, growing slowly over the period, seen on the venue's website, its city's guide, for some the national
 * guide, and without a Referer (''); 2.5–4.5 % of the views click a ticket link of one of the venue's events
 * published by then (and not over), 1–2 % the venue's website. Two INSERTs; the triggers roll them up.
 */
export async function seedWidgetHistory(tx: Executor, today: Temporal.PlainDate): Promise<void> {
  const widgets = rowsOf<{ widget: number; establishment: number; city: string | null; site: string | null }>(
    await tx.execute(sql`
      SELECT widget.id AS widget, establishment.id AS establishment, establishment.city, establishment.url_site AS site
      FROM widget_settings AS widget JOIN establishments AS establishment ON establishment.id = widget.establishment_id
      ORDER BY establishment.id`),
  );
  const publishedEvents = rowsOf<{ id: number; establishment: number; first: string; last: string | null }>(
    await tx.execute(sql`
      SELECT id, establishment_id AS establishment, zurich_day(published_at)::text AS first,
        zurich_day(last_ends_at)::text AS last
      FROM events WHERE published_at IS NOT NULL AND establishment_id IS NOT NULL ORDER BY id`),
  );
  const random = seededRandom(17);
  const days = Array.from({ length: HISTORY_DAYS }, (_, index) => today.subtract({ days: HISTORY_DAYS - index }));
  const views: ViewRow[] = [];
  const clicks: ClickRow[] = [];
  widgets.forEach((venue, position) => {
    // The first venue (the demo ADMIN's) is one of the busiest.
    const audience = (position === 0 ? 140 : 20 + random() * 120) * (0.8 + 0.4 * random());
    const sites: [string, number][] = [
      [originOf(venue.site) ?? `https://venue-${position + 1}.example.ch`, 0.55 + 0.1 * random()],
      [CITY_GUIDES[venue.city ?? ''] ?? NATIONAL_GUIDE, 0.2 + 0.1 * random()],
      ...(position % 3 === 1 ? [[NATIONAL_GUIDE, 0.05 + 0.05 * random()] as [string, number]] : []),
    ];
    const events = publishedEvents
      .filter((event) => event.establishment === venue.establishment)
      .map((event) => ({ ...event, weight: 1 + 2 * random() }));
    days.forEach((date, index) => {
      const day = date.toString();
      const trend = 0.75 + (0.5 * index) / HISTORY_DAYS;
      const total = Math.round(audience * WEEKDAY_WEIGHTS[date.dayOfWeek - 1] * trend * (0.8 + 0.4 * random()));
      let left = total;
      for (const [origin, share] of sites) {
        const seen = Math.min(left, Math.round(total * share * (0.9 + 0.2 * random())));
        if (seen > 0) views.push({ widget: venue.widget, day, origin, views: seen });
        left -= seen;
      }
      if (left > 0) views.push({ widget: venue.widget, day, origin: '', views: left });
      const website = Math.round(total * (0.01 + 0.01 * random()));
      if (website > 0) clicks.push({ widget: venue.widget, day, kind: 'WEBSITE', event: null, clicks: website });
      const showing = events.filter((event) => event.first <= day && (event.last === null || day <= event.last));
      let tickets = Math.round(total * (0.025 + 0.02 * random()));
      const weights = showing.reduce((sum, event) => sum + event.weight, 0);
      showing.forEach((event, eventIndex) => {
        const share =
          eventIndex === showing.length - 1 ? tickets : Math.round((tickets * event.weight * random() * 2) / weights);
        const clicked = Math.min(tickets, share);
        if (clicked > 0) clicks.push({ widget: venue.widget, day, kind: 'TICKET', event: event.id, clicks: clicked });
        tickets -= clicked;
      });
    });
  });
  await tx.execute(sql`
    INSERT INTO widget_daily_views (widget_settings_id, day, embedding_origin, views)
    SELECT widget, day, origin, views
    FROM jsonb_to_recordset(${JSON.stringify(views)}::jsonb) AS counted(widget int, day date, origin text, views int)`);
  await tx.execute(sql`
    INSERT INTO widget_daily_clicks (widget_settings_id, day, kind, event_id, clicks)
    SELECT widget, day, kind, event, clicks
    FROM jsonb_to_recordset(${JSON.stringify(clicks)}::jsonb)
      AS counted(widget int, day date, kind text, event int, clicks int)`);
}
