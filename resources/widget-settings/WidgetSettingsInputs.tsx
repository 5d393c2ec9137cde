import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, TextInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useFormContext } from 'react-hook-form';
import { WIDGET_COLOR_KEYS, WIDGET_DEFAULTS, WIDGET_LIMITS, type WidgetTheme } from '../../domain/widget';
import { ColorInput } from './ColorInput';
import { FontInput } from './FontInput';
import { HappyHoursIconInput } from './HappyHoursIconInput';
import { TEXTS } from './texts';

const SWITCHES = [
  'hasEnabledCalendar',
  'hasEnabledHappyHours',
  'hasEnabledProLogo',
  'hasRoundedBorders',
  'hasTransparentBackground',
] as const satisfies readonly (keyof WidgetTheme)[];

/**
 * The pro logo is a feature of a paid plan: the record's read-only `proLogoIncluded` says whether the venue's
 * paid subscription includes it. Without it the switch is disabled (the venue's choice is kept for when it pays)
 * and a hint leads to the billing page.
 */
const ProLogoSwitch = () => {
  const translate = useTranslate();
  const record = useRecordContext<{ proLogoIncluded?: boolean }>();
  const included = record?.proLogoIncluded === true;
  return (
    <Box>
      <BooleanInput
        source="widgetTheme.hasEnabledProLogo"
        label={`${TEXTS}.fields.hasEnabledProLogo`}
        // Read only, not disabled: a disabled field would leave the form's value out of the save.
        readOnly={!included}
        helperText={false}
      />
      {included ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5, mb: 1 }}>
          {translate(`${TEXTS}.proLogo.notIncluded`)}{' '}
          <Link component={RouterLink} to="/billing">
            {translate(`${TEXTS}.proLogo.billingLink`)}
          </Link>
        </Typography>
      )}
    </Box>
  );
};

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section">
    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** A fresh copy of the defaults (the constant is frozen; the form changes what it is given). */
const defaultTheme = (): WidgetTheme => ({ ...WIDGET_DEFAULTS, colorPalette: { ...WIDGET_DEFAULTS.colorPalette } });

/**
 * Puts the defaults in the form: a change like any other, which Save keeps and leaving without saving
 * forgets (the unsaved-changes guard asks first).
 */
const ResetToDefaultsButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const reset = () => {
    setValue('widgetTheme', defaultTheme(), { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    notify(`${TEXTS}.resetDone`, { type: 'info' });
  };
  return (
    <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={reset} sx={{ alignSelf: 'flex-start' }}>
      {translate(`${TEXTS}.resetToDefaults`)}
    </Button>
  );
};

/** The widget's look: font, palette, sections shown, and the happy-hours heading. */
export const WidgetSettingsInputs = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <Section title={translate(`${TEXTS}.sections.look`)}>
        <FontInput source="widgetTheme.fontFamilyName" />
      </Section>
      <Section title={translate(`${TEXTS}.sections.colors`)}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {WIDGET_COLOR_KEYS.map((key) => (
            <ColorInput key={key} colorKey={key} />
          ))}
        </Box>
      </Section>
      <Section title={translate(`${TEXTS}.sections.display`)}>
        <Stack>
          {SWITCHES.map((name) =>
            name === 'hasEnabledProLogo' ? (
              <ProLogoSwitch key={name} />
            ) : (
              <BooleanInput
                key={name}
                source={`widgetTheme.${name}`}
                label={`${TEXTS}.fields.${name}`}
                helperText={false}
              />
            ),
          )}
        </Stack>
      </Section>
      <Section title={translate(`${TEXTS}.sections.happyHours`)}>
        <Stack spacing={2}>
          <TextInput
            source="widgetTheme.happyHoursTitle"
            label={`${TEXTS}.fields.happyHoursTitle`}
            slotProps={{ htmlInput: { maxLength: WIDGET_LIMITS.happyHoursTitle } }}
            fullWidth
          />
          <HappyHoursIconInput />
        </Stack>
      </Section>
      <ResetToDefaultsButton />
    </Stack>
  );
};
