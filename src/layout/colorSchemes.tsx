import type { ReactElement } from 'react';
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';

/** The colour schemes a user picks from; `auto` follows the operating system. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const COLOR_SCHEME_ICONS: Record<ColorScheme, ReactElement> = {
  light: <LightModeIcon fontSize="small" />,
  dark: <DarkModeIcon fontSize="small" />,
  auto: <BrightnessAutoIcon fontSize="small" />,
};

export const colorSchemeLabelKey = (scheme: ColorScheme) => `app.colorScheme.${scheme}`;
