import type { OccurrenceItem } from '../../../domain/event';
import { scriptSafeJson } from './client';
import type { OccurrenceDetails, WidgetVenue } from './data';
import { zonedIso } from './format';

/**
 * schema.org `Event`s for the listed occurrences, for search engines; never for happy hours or promotions,
 * which Google does not accept as events. Addresses and pictures are absolute, as the vocabulary wants.
 */

export interface JsonLdInput {
  items: readonly OccurrenceItem[];
  details: ReadonlyMap<string, OccurrenceDetails>;
  venue: WidgetVenue;
  /** The app's public URL, to make pictures' paths absolute. */
  publicUrl: string;
  /** The occurrence's ticket address, when it has one. */
  ticketUrlOf: (item: OccurrenceItem) => string | null;
}

export function eventJsonLd(input: JsonLdInput): Record<string, unknown>[] {
  const { venue, publicUrl } = input;
  const location = {
    '@type': 'Place',
    name: venue.name,
    address: {
      '@type': 'PostalAddress',
      ...(venue.address ? { streetAddress: venue.address } : {}),
      ...(venue.city ? { addressLocality: venue.city } : {}),
      addressCountry: 'CH',
    },
  };
  return input.items.map((item) => {
    const details = input.details.get(item.id);
    const ticketUrl = input.ticketUrlOf(item);
    const price = details?.isFree ? 0 : (details?.tarifMin ?? details?.tarifMax ?? null);
    return {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: item.eventTitle,
      startDate: zonedIso(item.startsAt),
      endDate: zonedIso(item.endsAt),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location,
      ...(details?.pictureUrl ? { image: [new URL(details.pictureUrl, publicUrl).href] } : {}),
      ...(details?.description ? { description: details.description } : {}),
      ...(details && details.ageMin > 0 ? { typicalAgeRange: `${details.ageMin}-` } : {}),
      ...(price !== null || ticketUrl
        ? {
            offers: {
              '@type': 'Offer',
              ...(price !== null ? { price: price.toFixed(2), priceCurrency: 'CHF' } : {}),
              availability: 'https://schema.org/InStock',
              ...(ticketUrl ? { url: ticketUrl } : {}),
            },
          }
        : {}),
    };
  });
}

/** The events as the page's `<script type="application/ld+json">`, escaped so no title can close it. */
export const jsonLdScript = (events: Record<string, unknown>[]): string =>
  events.length === 0 ? '' : `<script type="application/ld+json">${scriptSafeJson(events)}</script>`;
