import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { InputHelperText, useInput, useLocaleState, useTranslate, type ValidationErrorMessage } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  contrastRatio,
  HEX_COLOR_PATTERN,
  readableColor,
  WCAG_AA_LARGE,
  relativeLuminance,
  WCAG_AA_TEXT,
  type WidgetColorKey,
} from '../../domain/widget';
import { intlLocaleOf } from '../shared/dateFormat';
import { TEXTS } from './texts';

/** The colours whose text must stay readable on another colour of the palette, and that colour. */
const READ_ON: Partial<Record<WidgetColorKey, WidgetColorKey>> = {
  primaryText: 'backgroundPrimary',
  secondaryText: 'backgroundPrimary',
  buttonPrimary: 'accent',
};

const colorSource = (key: WidgetColorKey) => `widgetTheme.colorPalette.${key}`;

const isHex = (value: unknown): value is string => typeof value === 'string' && HEX_COLOR_PATTERN.test(value);

/** A colour as a small square (an inline style: the colour is data, not a theme value). */
export const Swatch = ({ color, size = 18 }: { color: string; size?: number }) => (
  <Box
    component="span"
    aria-hidden
    data-swatch={color}
    style={{ backgroundColor: color }}
    sx={{
      display: 'inline-block',
      width: size,
      height: size,
      flex: 'none',
      border: 1,
      borderColor: 'divider',
      borderRadius: 0.5,
      verticalAlign: 'middle',
    }}
  />
);

/**
 * A ratio as WCAG writes it, in the interface language (4,4:1 in French), cut rather than rounded so that a
 * ratio below the minimum never reads as the minimum.
 */
const useRatioFormat = () => {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(intlLocaleOf(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (ratio: number) => format.format(Math.floor(ratio * 10) / 10);
};

/**
 * Below WCAG AA, says so with the ratio, and shows the shade the widget uses instead (domain/widget.ts
 * readableColor), so that what the venue picks and what visitors see never surprise each other.
 */
const ContrastWarning = ({ colorKey, backgroundKey }: { colorKey: WidgetColorKey; backgroundKey: WidgetColorKey }) => {
  const translate = useTranslate();
  const formatRatio = useRatioFormat();
  const [color, chosenBackground, pageBackground] = useWatch({
    name: [colorSource(colorKey), colorSource(backgroundKey), colorSource('backgroundPrimary')],
  }) as unknown[];
  if (!isHex(color) || !isHex(chosenBackground) || !isHex(pageBackground)) return null;
  // Text on the accent is read against the accent as the widget shows it (itself darkened to 3:1 if need be).
  const background =
    backgroundKey === 'accent' ? readableColor(chosenBackground, pageBackground, WCAG_AA_LARGE) : chosenBackground;
  const ratio = contrastRatio(color, background);
  if (ratio >= WCAG_AA_TEXT) return null;
  const shown = readableColor(color, background);
  const shade = relativeLuminance(background) > 0.18 ? 'darker' : 'lighter';
  return (
    <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
      {translate(`${TEXTS}.contrast.${backgroundKey === 'accent' ? 'onAccent' : 'onBackground'}`, {
        ratio: formatRatio(ratio),
        minimum: formatRatio(WCAG_AA_TEXT),
      })}{' '}
      {translate(`${TEXTS}.contrast.${shade}`)}{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <Swatch color={shown} size={14} />{' '}
        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
          {shown}
        </Typography>
      </Box>
    </Alert>
  );
};

/** One colour of the palette: the browser's colour picker and the `#RRGGBB` text, kept in step. */
export const ColorInput = ({ colorKey }: { colorKey: WidgetColorKey }) => {
  const translate = useTranslate();
  const { field, fieldState, formState, id } = useInput({ source: colorSource(colorKey) });
  const label = translate(`${TEXTS}.colors.${colorKey}`);
  const text = typeof field.value === 'string' ? field.value : '';
  const showError = fieldState.invalid && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
  const backgroundKey = READ_ON[colorKey];
  return (
    <Box role="group" aria-label={label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          aria-label={translate(`${TEXTS}.colorPicker`, { name: label })}
          value={isHex(text) ? text.toLowerCase() : '#000000'}
          onChange={(event) => field.onChange((event.target as HTMLInputElement).value.toUpperCase())}
          sx={{
            flex: 'none',
            width: 44,
            height: 40,
            p: '2px',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            cursor: 'pointer',
          }}
        />
        <TextField
          id={id}
          label={label}
          value={text}
          onChange={(event) => field.onChange(event.target.value.trim())}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={showError}
          helperText={
            showError ? <InputHelperText error={fieldState.error?.message as ValidationErrorMessage} /> : undefined
          }
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
        />
      </Stack>
      {backgroundKey ? <ContrastWarning colorKey={colorKey} backgroundKey={backgroundKey} /> : null}
    </Box>
  );
};
