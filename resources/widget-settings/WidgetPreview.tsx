import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isLanguage, LOCALES, type Language } from '../../domain/languages';
import {
  BACK_OFFICE_MESSAGE_SOURCE,
  WIDGET_MESSAGE_SOURCE,
  WIDGET_PATHS,
  WIDGET_PREVIEW_PARAMETER,
  widgetPresentation,
  widgetThemeSchema,
  type PreviewMessage,
  type WidgetTheme,
} from '../../domain/widget';
import { TEXTS } from './texts';

/** The widths a visitor's screen may have: a phone, a tablet, a desktop page. */
export const PREVIEW_WIDTHS = { phone: 390, tablet: 768, desktop: 1200 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** The frame's height until the widget says how tall its content is. */
const INITIAL_HEIGHT = 720;

/** The widget page in preview mode: every section rendered, no view counted, in the chosen language. */
export const previewUrl = (key: string, language: Language) =>
  `${WIDGET_PATHS.page(key)}?${new URLSearchParams({ [WIDGET_PREVIEW_PARAMETER]: '1', lang: language }).toString()}`;

type WidgetSays = { type: 'preview-ready' } | { type: 'resize'; height: number };

/** A message from the widget (its `source` tag), else null. */
const widgetMessageOf = (data: unknown): WidgetSays | null => {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { source?: unknown; type?: unknown; height?: unknown };
  if (message.source !== WIDGET_MESSAGE_SOURCE) return null;
  if (message.type === 'preview-ready') return { type: 'preview-ready' };
  if (message.type === 'resize' && typeof message.height === 'number' && Number.isFinite(message.height)) {
    return { type: 'resize', height: message.height };
  }
  return null;
};

/**
 * Listens to the widget in `frame` only: a message counts when it comes from that frame's window and from
 * our own origin (any other page could post to us). Each `preview-ready` (one per page load) bumps `readiness`.
 */
const useWidgetMessages = (frame: RefObject<HTMLIFrameElement | null>) => {
  const [readiness, setReadiness] = useState(0);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const contentWindow = frame.current?.contentWindow;
      if (!contentWindow || event.source !== contentWindow || event.origin !== window.location.origin) return;
      const message = widgetMessageOf(event.data);
      if (message?.type === 'preview-ready') setReadiness((count) => count + 1);
      if (message?.type === 'resize') setHeight(Math.max(120, Math.ceil(message.height)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
  return { readiness, height };
};

/**
 * Sends the form's theme to the preview once it listens and again on every change, to its window only and
 * for our origin only. A theme the form would refuse (a half-typed colour) is not sent: the preview keeps
 * the last one that could be saved, so it never shows what a visitor could not get.
 */
const usePostTheme = (frame: RefObject<HTMLIFrameElement | null>, readiness: number) => {
  const theme: unknown = useWatch({ name: 'widgetTheme' });
  const parsed = widgetThemeSchema.safeParse(theme);
  const themeText = parsed.success ? JSON.stringify(parsed.data) : null;
  useEffect(() => {
    if (readiness === 0 || themeText === null) return;
    const message: PreviewMessage = {
      source: BACK_OFFICE_MESSAGE_SOURCE,
      type: 'preview',
      presentation: widgetPresentation(JSON.parse(themeText) as WidgetTheme),
    };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [frame, readiness, themeText]);
};

/** The column's width, followed as the window (or the layout) changes. */
const useWidthOf = (element: RefObject<HTMLElement | null>) => {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return undefined;
    setWidth(node.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
};

/**
 * The live preview: the real widget page in a frame, fed the unsaved settings (domain/widget.ts protocol),
 * at a phone's, a tablet's or a desktop's width scaled down to fit the column, in any of the four languages.
 */
export const WidgetPreview = ({ widgetKey }: { widgetKey: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [language, setLanguage] = useState<Language>(isLanguage(locale) ? locale : 'en');
  const [size, setSize] = useState<PreviewWidth>('phone');
  const frame = useRef<HTMLIFrameElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const { readiness, height } = useWidgetMessages(frame);
  usePostTheme(frame, readiness);
  const columnWidth = useWidthOf(column);
  const frameWidth = PREVIEW_WIDTHS[size];
  const scale = columnWidth > 0 ? Math.min(1, columnWidth / frameWidth) : 1;
  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(`${TEXTS}.preview.title`)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={size}
          aria-label={translate(`${TEXTS}.preview.width`)}
          onChange={(_event, value: PreviewWidth | null) => value && setSize(value)}
        >
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((width) => (
            <ToggleButton key={width} value={width}>
              {translate(`${TEXTS}.preview.widths.${width}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={language}
          aria-label={translate(`${TEXTS}.preview.language`)}
          onChange={(_event, value: Language | null) => value && setLanguage(value)}
        >
          {LOCALES.map(({ locale: code, name }) => (
            <ToggleButton key={code} value={code} lang={code} aria-label={name}>
              {code.toUpperCase()}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Box ref={column} sx={{ width: '100%', overflow: 'hidden' }}>
        {/* The widget's own colours whatever the app's theme: a light host page, as most venues' sites are. */}
        <Box
          style={{ height: height * scale }}
          sx={{ width: frameWidth * scale, bgcolor: '#ffffff', border: 1, borderColor: 'divider', mx: 'auto' }}
        >
          <iframe
            ref={frame}
            key={`${widgetKey}-${language}`}
            title={translate(`${TEXTS}.preview.frameTitle`)}
            src={previewUrl(widgetKey, language)}
            style={{
              width: frameWidth,
              height,
              border: 0,
              display: 'block',
              colorScheme: 'light',
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }}
          />
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate(`${TEXTS}.preview.help`, { width: frameWidth })}
      </Typography>
    </Stack>
  );
};
