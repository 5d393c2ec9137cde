import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { useChooseLanguage } from './useChooseLanguage';

/**
 * The app bar's language menu: react-admin's LocalesMenuButton, except that a choice here is the user's
 * explicit choice and is stored with their account (useChooseLanguage).
 */
export const LanguageMenuButton = () => {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale] = useLocaleState();
  const chooseLanguage = useChooseLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (language: string) => () => {
    setAnchor(null);
    chooseLanguage(language);
  };

  return (
    <>
      <Button
        color="inherit"
        variant="text"
        aria-haspopup="menu"
        title={translate('app.settings.language')}
        aria-controls={anchor ? 'app-bar-language-menu' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name ?? locale}
      </Button>
      <Menu id="app-bar-language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map(({ locale: code, name }) => (
          <MenuItem key={code} onClick={choose(code)} selected={code === locale}>
            {name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
