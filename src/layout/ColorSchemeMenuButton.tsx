import { useTranslate } from 'react-admin';
import { useThemePreference } from '../../providers/preferencesStore';
import { ColorSchemeMenu } from './ColorSchemeMenu';

/** The app bar's light / dark / auto switch; the choice is kept in the preferences store. */
export const ColorSchemeMenuButton = () => {
  const [preference, setPreference] = useThemePreference();
  return <ColorSchemeMenu preference={preference} onChoose={setPreference} translate={useTranslate()} />;
};
