import { Temporal } from 'temporal-polyfill';
import { WEEK_DAYS } from '../../../domain/enums';
import type { OccurrenceItem } from '../../../domain/event';
import type { Language } from '../../../domain/languages';
import {
  WIDGET_HAPPY_HOURS_ICON_PATHS,
  WIDGET_HAPPY_HOURS_ICONS,
  WIDGET_PAGE_SIZE,
  WIDGET_PATHS,
  WIDGET_DEFAULTS,
  widgetPresentation,
  type HappyHoursIcon,
  type WidgetPresentation,
  type WidgetSettings,
} from '../../../domain/widget';
import { inlineScript } from './client';
import type { OccurrenceDetails, WidgetFilter, WidgetOffer, WidgetVenue } from './data';
import { allFontFaces, fontFaces } from './fonts';
import {
  formatCount,
  formatDayLong,
  formatDayShort,
  formatMonthShort,
  formatMonthYear,
  formatPrice,
  formatTime,
  formatWeekdayShort,
  localDate,
  noonOf,
  weekdayNames,
  zonedIso,
} from './format';
import { escapeHtml as e, webUrl } from './html';
import { eventJsonLd, jsonLdScript } from './jsonLd';
import { WIDGET_STRINGS, type WidgetStrings } from './strings';
import { WIDGET_CSS } from './styles';

/**
 * The widget page as one HTML document: CSS inline, readable before any script runs. A visitor's page holds
 * only the sections its settings turn on; a preview holds them all (and the four icons), shown or hidden by the
 * root's switches, so the settings page can change them without a reload.
 */

export interface PageModel {
  key: string;
  settings: WidgetSettings;
  venue: WidgetVenue;
  language: Language;
  /** The language came from `?lang=`: links keep it. */
  languageInQuery: boolean;
  filter: WidgetFilter;
  /** Every listed occurrence of the window, in order; the page shows a slice. */
  occurrences: readonly OccurrenceItem[];
  details: ReadonlyMap<string, OccurrenceDetails>;
  page: number;
  month: Temporal.PlainYearMonth;
  /** The months the calendar may show: today's to the window's last. */
  months: { first: Temporal.PlainYearMonth; last: Temporal.PlainYearMonth };
  today: Temporal.PlainDate;
  preview: boolean;
  /** The calendar tab is chosen first (the visitor followed a month link). */
  calendarFirst: boolean;
  publicUrl: string;
}

export interface RenderedPage {
  html: string;
  scriptHash: string;
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / WIDGET_PAGE_SIZE));

export function renderPage(model: PageModel): RenderedPage {
  const strings = WIDGET_STRINGS[model.language];
  const presentation = widgetPresentation(model.settings.widgetTheme);
  const sections = {
    calendar: model.preview || presentation.switches.calendar,
    happyHours: model.preview || presentation.switches.happyHours,
    credit: model.preview || !presentation.switches.proLogo,
  };
  const script = inlineScript(model.preview, strings.happyHours);
  const items = model.occurrences.slice((model.page - 1) * WIDGET_PAGE_SIZE, model.page * WIDGET_PAGE_SIZE);
  const ticketUrlOf = (item: OccurrenceItem) => ticketUrl(model, item);
  const jsonLd = jsonLdScript(
    eventJsonLd({ items, details: model.details, venue: model.venue, publicUrl: model.publicUrl, ticketUrlOf }),
  );
  const fonts = model.preview ? allFontFaces() : fontFaces(presentation.font);
  const html = `<!doctype html><html lang="${model.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(strings.eventsAt(model.venue.name))}</title><style>${fonts}${WIDGET_CSS}</style>${jsonLd}</head><body>${rootOpen(model, presentation)}${header(model, strings)}${sections.happyHours ? happyHours(model, strings, presentation) : ''}${sections.calendar ? tabs(strings) + calendar(model, strings) : ''}${list(model, strings, items)}${sections.credit ? footer(model, strings) : ''}</div>${model.preview ? iconSymbols() : ''}<script>${script.text}</script></body></html>`;
  return { html, scriptHash: script.hashSource };
}

function rootOpen(model: PageModel, presentation: WidgetPresentation): string {
  const style = Object.entries(presentation.variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const switches = Object.entries(presentation.switches)
    .map(
      ([name, on]) => ` data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}="${on ? 'on' : 'off'}"`,
    )
    .join('');
  const initialTab = model.calendarFirst ? ' data-initial-tab="calendar"' : '';
  return `<div id="w-root" class="w" style="${e(style)}"${switches}${initialTab}>`;
}

function header(model: PageModel, strings: WidgetStrings): string {
  const { venue } = model;
  const logo = venue.logoUrl ? `<img class="w-logo" src="${e(venue.logoUrl)}" alt="">` : '';
  const place = [venue.address, venue.city && !venue.address?.includes(venue.city) ? venue.city : null]
    .filter(Boolean)
    .join(', ');
  const website = webUrl(venue.websiteUrl)
    ? ` · <a href="${e(`${WIDGET_PATHS.page(model.key)}/website`)}" target="_blank" rel="noopener">${e(strings.website)}<span class="w-sr"> ${e(strings.opensInNewTab)}</span></a>`
    : '';
  const placeLine = place || website ? `<p class="w-place">${e(place)}${website}</p>` : '';
  return `<header class="w-header">${logo}<div><h1>${e(venue.name)}</h1>${placeLine}</div></header>`;
}

function happyHoursIcon(model: PageModel, icon: HappyHoursIcon): string {
  return model.preview
    ? `<svg class="w-hh-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><use href="#w-hh-${icon}"></use></svg>`
    : `<svg class="w-hh-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${WIDGET_HAPPY_HOURS_ICON_PATHS[icon]}"></path></svg>`;
}

const iconSymbols = () =>
  `<svg width="0" height="0" style="position:absolute" aria-hidden="true">${WIDGET_HAPPY_HOURS_ICONS.map(
    (icon) =>
      `<symbol id="w-hh-${icon}" viewBox="0 0 24 24"><path d="${WIDGET_HAPPY_HOURS_ICON_PATHS[icon]}"></path></symbol>`,
  ).join('')}</svg>`;

/** The venue kept the default title ("Default"): the page says "Happy hours" in its language. */
const happyHoursTitle = (title: string, strings: WidgetStrings) =>
  title === WIDGET_DEFAULTS.happyHoursTitle ? strings.happyHours : title;

function happyHours(model: PageModel, strings: WidgetStrings, presentation: WidgetPresentation): string {
  const days = weekdayNames(model.language, 'short');
  const rows = model.venue.happyHours.map((row) => {
    const named = WEEK_DAYS.flatMap((day, index) => (row.days.includes(day) ? [days[index]] : [])).join(', ');
    return `<li><strong>${e(named)}</strong><span>${e(row.startTime)}–${e(row.endTime)}</span>${row.title ? ` · ${e(row.title)}` : ''}</li>`;
  });
  return `<section class="w-section w-happy-hours" aria-labelledby="w-hh-heading"><h2 id="w-hh-heading" class="w-hh-title">${happyHoursIcon(model, presentation.happyHoursIcon)}<span class="w-hh-text">${e(happyHoursTitle(presentation.happyHoursTitle, strings))}</span></h2>${rows.length > 0 ? `<ul class="w-hh-list">${rows.join('')}</ul>` : ''}</section>`;
}

const tabs = (strings: WidgetStrings) =>
  `<div class="w-tabs" role="tablist" aria-label="${e(strings.upcoming)}" hidden><button type="button" class="w-tab" role="tab" id="w-tab-list" aria-controls="w-panel-list" aria-selected="true">${e(strings.list)}</button><button type="button" class="w-tab" role="tab" id="w-tab-calendar" aria-controls="w-panel-calendar" aria-selected="false" tabindex="-1">${e(strings.calendar)}</button></div>`;

// ---- links -----------------------------------------------------------------------------------------------

/** A link to this page with other values: the filter, the named language and the preview kept. */
function pageHref(model: PageModel, changes: { page?: number; month?: string }, hash = ''): string {
  const parameters: string[] = [];
  if (model.languageInQuery) parameters.push(`lang=${model.language}`);
  for (const name of ['musicIds', 'eventTypeIds', 'cities'] as const) {
    const values = model.filter[name];
    if (values && values.length > 0)
      parameters.push(`${name}=${values.map((value) => encodeURIComponent(value)).join(',')}`);
  }
  if (changes.page !== undefined && changes.page > 1) parameters.push(`page=${changes.page}`);
  if (changes.month !== undefined) parameters.push(`month=${changes.month}`);
  if (model.preview) parameters.push('preview=1');
  return `${WIDGET_PATHS.page(model.key)}${parameters.length > 0 ? `?${parameters.join('&')}` : ''}${hash}`;
}

/** The occurrence's ticket address (its own, else the venue's), when it is a web address. */
function ticketUrl(model: PageModel, item: OccurrenceItem): string | null {
  return webUrl(model.details.get(item.id)?.ticketUrl) ?? webUrl(model.venue.ticketUrl);
}

const occurrencePath = (model: PageModel, item: OccurrenceItem) =>
  `${WIDGET_PATHS.page(model.key)}/occurrences/${encodeURIComponent(item.id)}`;

// ---- the list --------------------------------------------------------------------------------------------

const dayAnchor = (date: Temporal.PlainDate) => `w-day-${date.toString()}`;

function list(model: PageModel, strings: WidgetStrings, items: readonly OccurrenceItem[]): string {
  const filtered = Boolean(model.filter.musicIds ?? model.filter.eventTypeIds ?? model.filter.cities);
  let previousDay = '';
  const entries = items.map((item) => {
    const day = localDate(item.startsAt).toString();
    const anchor = day === previousDay ? '' : ` id="${dayAnchor(localDate(item.startsAt))}"`;
    previousDay = day;
    return `<li${anchor}>${occurrence(model, strings, item)}</li>`;
  });
  const body =
    entries.length > 0
      ? `<ol class="w-list">${entries.join('')}</ol>`
      : `<p class="w-empty">${e(filtered ? strings.noOccurrencesFiltered : strings.noOccurrences)}</p>`;
  return `<section class="w-section" id="w-panel-list" aria-labelledby="w-list-heading"><h2 id="w-list-heading">${e(strings.upcoming)}</h2>${body}${pager(model, strings)}</section>`;
}

function occurrence(model: PageModel, strings: WidgetStrings, item: OccurrenceItem): string {
  const details = model.details.get(item.id);
  const language = model.language;
  const headingId = `w-e-${e(item.id.replace(/[^A-Za-z0-9]/g, '-'))}`;
  const meta = [
    details?.eventTypeLabel ? e(details.eventTypeLabel) : '',
    details && details.musicLabels.length > 0
      ? `<span class="w-sr">${e(strings.music)}: </span>${e(details.musicLabels.join(', '))}`
      : '',
    details && details.ageMin > 0 ? e(strings.minimumAge(details.ageMin)) : '',
  ].filter(Boolean);
  const price = details?.isFree
    ? strings.free
    : details
      ? formatPrice(language, details.tarifMin, details.tarifMax)
      : null;
  const ticket = ticketUrl(model, item);
  const actions = [
    ticket
      ? `<a class="w-button" href="${e(`${occurrencePath(model, item)}/ticket`)}" target="_blank" rel="noopener">${e(strings.tickets)}<span class="w-sr"> ${e(strings.opensInNewTab)}</span></a>`
      : '',
    `<a class="w-link" href="${e(`${occurrencePath(model, item)}.ics`)}" download>${e(strings.addToCalendar)}</a>`,
  ].join('');
  const picture = details?.pictureUrl
    ? `<img class="w-picture" src="${e(details.pictureUrl)}" alt="" loading="lazy">`
    : '';
  return `<article class="w-event" aria-labelledby="${headingId}">${picture}<time class="w-date" datetime="${zonedIso(item.startsAt)}"><span>${e(formatWeekdayShort(language, item.startsAt))}</span><span class="w-daynum">${localDate(item.startsAt).day}</span><span>${e(formatMonthShort(language, item.startsAt))}</span></time><div><h3 id="${headingId}">${e(item.eventTitle)}</h3><p class="w-when"><span class="w-sr">${e(formatDayLong(language, item.startsAt))}, </span><time datetime="${zonedIso(item.startsAt)}">${e(formatTime(language, item.startsAt))}</time>–<time datetime="${zonedIso(item.endsAt)}">${e(formatTime(language, item.endsAt))}</time></p>${meta.length > 0 ? `<p class="w-meta">${meta.join(' · ')}</p>` : ''}${price ? `<p class="w-price">${e(price)}</p>` : ''}${offerList(language, strings, details?.offers ?? [])}<p class="w-actions">${actions}</p></div></article>`;
}

/** The occurrence's offers: never in the JSON-LD, which is for events only. */
function offerList(language: Language, strings: WidgetStrings, offers: readonly WidgetOffer[]): string {
  if (offers.length === 0) return '';
  const entries = offers.map((offer) => {
    const title = `<strong>${e(offer.title)}</strong>`;
    if (offer.kind === 'RECURRENT') return `<li class="w-offer">${title}<span>${e(strings.offerEveryDate)}</span></li>`;
    const spots =
      offer.spotsLeft > 0
        ? `<span class="w-offer-spots">${e(strings.spotsLeft(offer.spotsLeft, formatCount(language, offer.spotsLeft)))}</span>`
        : `<span class="w-offer-spots w-sold-out">${e(strings.soldOut)}</span>`;
    return `<li class="w-offer">${title} ${spots}<span class="w-offer-when">${e(strings.offerValid(offerMoment(language, offer.startsAt), offerEnd(language, offer.startsAt, offer.endsAt)))}</span></li>`;
  });
  return `<ul class="w-offers" aria-label="${e(strings.offers)}">${entries.join('')}</ul>`;
}

const offerMoment = (language: Language, instant: string) =>
  `${formatDayShort(language, instant)}, ${formatTime(language, instant)}`;

/** The window's end: its time alone when it ends on the day it starts. */
const offerEnd = (language: Language, startsAt: string, endsAt: string) =>
  localDate(startsAt).equals(localDate(endsAt)) ? formatTime(language, endsAt) : offerMoment(language, endsAt);

function pager(model: PageModel, strings: WidgetStrings): string {
  const pages = pageCount(model.occurrences.length);
  if (pages <= 1) return '';
  const previous =
    model.page > 1
      ? `<a rel="prev" href="${e(pageHref(model, { page: model.page - 1 }))}">← ${e(strings.previousPage)}</a>`
      : '<span></span>';
  const next =
    model.page < pages
      ? `<a rel="next" href="${e(pageHref(model, { page: model.page + 1 }))}">${e(strings.nextPage)} →</a>`
      : '<span></span>';
  return `<nav class="w-pages" aria-label="${e(strings.pageOf(model.page, pages))}">${previous}<span>${e(strings.pageOf(model.page, pages))}</span>${next}</nav>`;
}

// ---- the calendar ----------------------------------------------------------------------------------------

function calendar(model: PageModel, strings: WidgetStrings): string {
  const { month, language } = model;
  const counts = new Map<string, { count: number; page: number }>();
  model.occurrences.forEach((item, index) => {
    const day = localDate(item.startsAt).toString();
    const known = counts.get(day);
    if (known) known.count += 1;
    else counts.set(day, { count: 1, page: Math.floor(index / WIDGET_PAGE_SIZE) + 1 });
  });
  const first = month.toPlainDate({ day: 1 });
  const lead = first.dayOfWeek - 1;
  const cells: string[] = [];
  for (let index = 0; index < lead; index += 1) cells.push('<td class="w-outside"></td>');
  for (let day = 1; day <= month.daysInMonth; day += 1) {
    const date = month.toPlainDate({ day });
    const known = counts.get(date.toString());
    const current = Temporal.PlainDate.compare(date, model.today) === 0 ? ' aria-current="date"' : '';
    const label = `${formatDayLong(language, noonOf(date))}${known ? `: ${strings.occurrencesOnDay(known.count)}` : ''}`;
    cells.push(
      known
        ? `<td${current}><a data-day href="${e(pageHref(model, { page: known.page }, `#${dayAnchor(date)}`))}" aria-label="${e(label)}">${day}</a></td>`
        : `<td${current}><span aria-label="${e(label)}">${day}</span></td>`,
    );
  }
  while (cells.length % 7 !== 0) cells.push('<td class="w-outside"></td>');
  const rows = Array.from(
    { length: cells.length / 7 },
    (_, row) => `<tr>${cells.slice(row * 7, row * 7 + 7).join('')}</tr>`,
  );
  const weekdays = weekdayNames(language, 'short');
  const longWeekdays = weekdayNames(language, 'long');
  const head = weekdays
    .map((name, index) => `<th scope="col" abbr="${e(longWeekdays[index])}">${e(name)}</th>`)
    .join('');
  const previous =
    Temporal.PlainYearMonth.compare(month, model.months.first) > 0 ? month.subtract({ months: 1 }) : null;
  const next = Temporal.PlainYearMonth.compare(month, model.months.last) < 0 ? month.add({ months: 1 }) : null;
  const navigation =
    previous || next
      ? `<nav class="w-months" aria-label="${e(strings.calendar)}">${previous ? `<a href="${e(pageHref(model, { month: previous.toString() }))}">← ${e(strings.previousMonth)}</a>` : '<span></span>'}${next ? `<a href="${e(pageHref(model, { month: next.toString() }))}">${e(strings.nextMonth)} →</a>` : '<span></span>'}</nav>`
      : '';
  return `<section class="w-section w-calendar" id="w-panel-calendar" aria-label="${e(strings.calendar)}"><table><caption>${e(formatMonthYear(language, noonOf(first)))}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>${navigation}</section>`;
}

function footer(model: PageModel, strings: WidgetStrings): string {
  const host = new URL(model.publicUrl).host;
  return `<footer class="w-footer"><span class="w-credit">${e(strings.poweredBy)} <a href="${e(model.publicUrl)}" target="_blank" rel="noopener">${e(host)}</a></span></footer>`;
}

// ---- pages without a widget ------------------------------------------------------------------------------

export type WidgetProblem = { kind: 'notFound' } | { kind: 'tooMany' } | { kind: 'badRequest'; parameter: string };

/**
 * The neutral page of an unknown or rotated key, of a bad parameter or of too many requests: no app, no sign-in,
 * nothing to follow. It shows inside the venue's frame, where JSON would be gibberish.
 */
export function renderProblemPage(language: Language, problem: WidgetProblem): string {
  const strings = WIDGET_STRINGS[language];
  const [title, text] =
    problem.kind === 'notFound'
      ? [strings.notFoundTitle, strings.notFoundText]
      : problem.kind === 'tooMany'
        ? [strings.tooManyTitle, strings.tooManyText]
        : [strings.badRequestTitle, strings.badRequestText(problem.parameter)];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title><style>body{font-family:system-ui,sans-serif;color:#1f2328;background:#fff;margin:0;padding:24px}h1{font-size:1.25rem;margin:0 0 8px}p{margin:0}</style></head><body><main><h1>${e(title)}</h1><p>${e(text)}</p></main></body></html>`;
}
