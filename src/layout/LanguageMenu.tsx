import { Suspense, useState, type MouseEvent } from 'react';
import { Button } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LanguageMenuPopup, preloadMenuPopups } from './lazyMenuPopups';

export interface LanguageMenuProps {
  languages: ReadonlyArray<{ locale: string; name: string }>;
  current: string;
  onChoose: (language: string) => void;
  /** The button's title (its translated "Language"). */
  title: string;
}

const MENU_ID = 'app-bar-language-menu';

/**
 * The language menu as it shows in the app bar and on the public pages; each place gives it its languages and
 * what a choice does (LanguageMenuButton in the signed-in app, src/public/PublicMenus.tsx before sign-in). The
 * open menu loads when first needed (./lazyMenuPopups.ts) and then stays mounted, so that it closes animated.
 */
export const LanguageMenu = ({ languages, current, onChoose, title }: LanguageMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);

  const choose = (language: string) => {
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
        aria-controls={anchor ? MENU_ID : undefined}
        onPointerEnter={preloadMenuPopups}
        onFocus={preloadMenuPopups}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          setWasOpened(true);
        }}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === current)?.name ?? current}
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <LanguageMenuPopup
            id={MENU_ID}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            languages={languages}
            current={current}
            onChoose={choose}
          />
        </Suspense>
      )}
    </>
  );
};
