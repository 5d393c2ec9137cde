import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

export interface LanguageMenuProps {
  languages: ReadonlyArray<{ locale: string; name: string }>;
  current: string;
  onChoose: (language: string) => void;
  /** The button's title (its translated "Language"). */
  title: string;
}

/**
 * The language menu as it shows in the app bar and on the public pages; each place gives it its languages and
 * what a choice does (LanguageMenuButton in the signed-in app, src/public/PublicMenus.tsx before sign-in).
 */
export const LanguageMenu = ({ languages, current, onChoose, title }: LanguageMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (language: string) => () => {
    setAnchor(null);
    onChoose(language);
  };

  return (
    <>
      <Button
        color="inherit"
        variant="text"
        aria-haspopup="menu"
        title={title}
        aria-controls={anchor ? 'app-bar-language-menu' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === current)?.name ?? current}
      </Button>
      <Menu id="app-bar-language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map(({ locale: code, name }) => (
          <MenuItem key={code} onClick={choose(code)} selected={code === current}>
            {name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
