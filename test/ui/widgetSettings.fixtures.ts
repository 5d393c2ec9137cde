import { http, HttpResponse } from 'msw';
import { normalOrigin, WIDGET_DEFAULTS, type WidgetSettings, type WidgetTheme } from '../../domain/widget';
import { apiUrl, filterOf, listAnswer, server } from './msw';
import { VENUES } from './eventList.fixtures';

/** Widget settings as the API answers them, and the handlers the settings page's tests share. */

export const widgetRecord = (
  id: number,
  establishmentId: number,
  theme: Partial<WidgetTheme> = {},
  extra: Partial<WidgetSettings> = {},
): WidgetSettings => ({
  id,
  establishmentId,
  externalApiKey: `key-of-widget-${id}`,
  allowedOrigins: [],
  widgetTheme: {
    ...WIDGET_DEFAULTS,
    colorPalette: { ...WIDGET_DEFAULTS.colorPalette },
    ...theme,
  } as WidgetSettings['widgetTheme'],
  proLogoIncluded: false,
  version: 4,
  ...extra,
});

/** The widgets of the two venues of eventList.fixtures (3 Gleis 7 Club, 4 Bar du Port). */
export const WIDGETS = [widgetRecord(31, 3), widgetRecord(32, 4)];

export interface WidgetApiCalls {
  puts: { id: string; body: Record<string, unknown> }[];
  rotations: { id: string; body: Record<string, unknown> }[];
}

/**
 * GET /widget-settings (by `filter.establishmentId`, else those of `scope`), GET and PUT /widget-settings/:id,
 * POST /widget-settings/:id/rotate-key (a new key, the version bumped), GET /establishments (by `q` or `id`)
 * (the test DOM loads no frame, so the preview's page is never asked for).
 */
export const serveWidgetSettings = (records: WidgetSettings[] = WIDGETS, scope?: readonly number[]) => {
  const stored = new Map(records.map((record) => [String(record.id), structuredClone(record)]));
  const calls: WidgetApiCalls = { puts: [], rotations: [] };
  const visible = () => [...stored.values()].filter((record) => !scope || scope.includes(record.establishmentId));
  server.use(
    http.get(apiUrl('/widget-settings'), ({ request }) => {
      const wanted = filterOf(request).establishmentId;
      return listAnswer(
        'widget-settings',
        visible().filter((record) => wanted === undefined || record.establishmentId === wanted),
      );
    }),
    http.get(apiUrl('/widget-settings/:id'), ({ params }) => {
      const found = stored.get(String(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 });
    }),
    http.put(apiUrl('/widget-settings/:id'), async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.puts.push({ id: String(params.id), body });
      const found = stored.get(String(params.id)) as WidgetSettings;
      // As the server stores them: origins normalised (domain/widget.ts).
      const origins = (body.allowedOrigins as string[]).map((origin) => normalOrigin(origin) ?? origin);
      const saved = { ...found, ...body, allowedOrigins: origins, version: found.version + 1 } as WidgetSettings;
      stored.set(String(params.id), saved);
      return HttpResponse.json(saved);
    }),
    http.post(apiUrl('/widget-settings/:id/rotate-key'), async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.rotations.push({ id: String(params.id), body });
      const found = stored.get(String(params.id)) as WidgetSettings;
      const rotated = { ...found, externalApiKey: `rotated-key-${calls.rotations.length}`, version: found.version + 1 };
      stored.set(String(params.id), rotated);
      return HttpResponse.json(rotated);
    }),
    http.get(apiUrl('/establishments'), ({ request }) => {
      const { q, id } = filterOf(request);
      const found = VENUES.filter(
        (venue) =>
          (typeof q !== 'string' || venue.generalInfos.establishmentName.toLowerCase().includes(q.toLowerCase())) &&
          (!Array.isArray(id) || id.includes(venue.id)),
      );
      return listAnswer('establishments', found);
    }),
    http.get(apiUrl('/establishments/:id'), ({ params }) => {
      const found = VENUES.find((venue) => String(venue.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return calls;
};
