import { FormControl, FormLabel, SvgIcon, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useId } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { HEX_COLOR_PATTERN, WIDGET_HAPPY_HOURS_ICON_PATHS, WIDGET_HAPPY_HOURS_ICONS } from '../../domain/widget';
import { TEXTS } from './texts';

const SOURCE = 'widgetTheme.happyHoursIconName';

/**
 * The happy-hours icon: the four shapes the widget draws (domain/widget.ts), each named for screen readers,
 * drawn in the palette's icon colour so the choice looks as it will.
 */
export const HappyHoursIconInput = () => {
  const translate = useTranslate();
  const labelId = useId();
  const { field } = useInput({ source: SOURCE });
  const iconColor: unknown = useWatch({ name: 'widgetTheme.colorPalette.happyHoursIcon' });
  const color = typeof iconColor === 'string' && HEX_COLOR_PATTERN.test(iconColor) ? iconColor : undefined;
  return (
    <FormControl>
      <FormLabel id={labelId} sx={{ mb: 0.5 }}>
        {translate(`${TEXTS}.fields.happyHoursIconName`)}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        aria-labelledby={labelId}
        value={field.value}
        onChange={(_event, value: string | null) => {
          // Clicking the chosen icon again keeps it: the widget always has one.
          if (value) field.onChange(value);
        }}
      >
        {WIDGET_HAPPY_HOURS_ICONS.map((icon) => (
          <ToggleButton key={icon} value={icon} aria-label={translate(`${TEXTS}.icons.${icon}`)} sx={{ px: 2 }}>
            <SvgIcon style={color ? { color } : undefined}>
              <path d={WIDGET_HAPPY_HOURS_ICON_PATHS[icon]} />
            </SvgIcon>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </FormControl>
  );
};
