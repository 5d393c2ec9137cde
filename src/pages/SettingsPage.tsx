import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Title, useLocales, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { requestAccountDeletion } from '../providers';
import { useThemePreference } from '../../providers/preferencesStore';
import { useChooseLanguage } from '../layout/useChooseLanguage';
import { COLOR_SCHEMES, COLOR_SCHEME_ICONS, colorSchemeLabelKey, type ColorScheme } from '../layout/colorSchemes';
import { ChangePasswordForm } from './auth/ChangePasswordForm';
import { authErrorKeyOf } from './auth/apiErrors';
import { useSessionUser } from '../../providers/appContexts';
import { NotificationPreferences } from '../../resources/notifications/NotificationPreferences';

/** /settings: language, colour scheme, notifications, password and account deletion. */
export const SettingsPage = () => (
  <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 720 }}>
    <Title title="app.settings.title" />
    <PreferencesSection />
    <Section title="resources.notifications.preferences.title">
      <NotificationPreferences />
    </Section>
    <PasswordSection />
    <DeleteAccountSection />
  </Stack>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card component="section">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 2 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};

const PreferencesSection = () => {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale] = useLocaleState();
  const chooseLanguage = useChooseLanguage();
  const [colorScheme, setColorScheme] = useThemePreference();

  return (
    <Section title="app.settings.preferences">
      <Stack spacing={3}>
        <FormControl variant="outlined" sx={{ maxWidth: 320 }}>
          <InputLabel id="settings-language-label">{translate('app.settings.language')}</InputLabel>
          <Select
            labelId="settings-language-label"
            label={translate('app.settings.language')}
            value={locale}
            onChange={(event) => chooseLanguage(event.target.value)}
          >
            {locales.map(({ locale: code, name }) => (
              <MenuItem key={code} value={code}>
                {name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Stack spacing={1}>
          <Typography id="settings-color-scheme-label" variant="body2" color="text.secondary">
            {translate('app.colorScheme.label')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            aria-labelledby="settings-color-scheme-label"
            value={colorScheme}
            onChange={(_event, value: ColorScheme | null) => value && setColorScheme(value)}
          >
            {COLOR_SCHEMES.map((scheme) => (
              <ToggleButton key={scheme} value={scheme} sx={{ gap: 1, px: 2 }}>
                {COLOR_SCHEME_ICONS[scheme]}
                {translate(colorSchemeLabelKey(scheme))}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </Stack>
    </Section>
  );
};

const PasswordSection = () => {
  const notify = useNotify();
  const user = useSessionUser();
  // A new key empties the form after a successful change.
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  const onChanged = () => {
    notify('app.password.changed', { type: 'success' });
    setFormKey((key) => key + 1);
  };

  return (
    <Section title="app.settings.password">
      <ChangePasswordForm
        key={formKey}
        hasPassword={user.hasPassword}
        accountEmail={user.email}
        onChanged={onChanged}
        submitLabel="app.password.save"
      />
    </Section>
  );
};

const DeleteAccountSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const [isSending, setIsSending] = useState(false);
  if (!user) return null;

  const sendConfirmation = async () => {
    setIsSending(true);
    try {
      await requestAccountDeletion(user.email);
      notify('app.settings.deleteAccountSent', { type: 'info', messageArgs: { email: user.email } });
    } catch (error) {
      notify(authErrorKeyOf(error), { type: 'error' });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Section title="app.settings.deleteAccount">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.settings.deleteAccountExplanation')}
      </Typography>
      <Button variant="outlined" color="error" loading={isSending} onClick={sendConfirmation}>
        {translate('app.settings.deleteAccountButton')}
      </Button>
    </Section>
  );
};
