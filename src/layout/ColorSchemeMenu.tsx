import { Suspense, useState, type MouseEvent } from 'react';
import { IconButton } from '@mui/material';
import type { Translate } from '../public/translate';
import { COLOR_SCHEME_ICONS, type ColorScheme } from './colorSchemes';
import { ColorSchemeMenuPopup } from './lazyMenuPopups';
import { useLazyTooltip } from './LazyTooltip';

export interface ColorSchemeMenuProps {
  preference: ColorScheme;
  onChoose: (scheme: ColorScheme) => void;
  translate: Translate;
}

const MENU_ID = 'color-scheme-menu';

/**
 * The light / dark / auto switch as it shows in the app bar and on the public pages. Its tooltip and open
 * menu load when first needed (./lazyMenuPopups.ts); the menu then stays mounted, so that it closes animated.
 */
export const ColorSchemeMenu = ({ preference, onChoose, translate }: ColorSchemeMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const label = translate('app.colorScheme.label');
  const { anchorProps, tooltip } = useLazyTooltip(label);

  const choose = (scheme: ColorScheme) => {
    onChoose(scheme);
    setAnchor(null);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? MENU_ID : undefined}
        {...anchorProps}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          setWasOpened(true);
        }}
      >
        {COLOR_SCHEME_ICONS[preference]}
      </IconButton>
      {tooltip}
      {wasOpened && (
        <Suspense fallback={null}>
          <ColorSchemeMenuPopup
            id={MENU_ID}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            preference={preference}
            onChoose={choose}
            translate={translate}
          />
        </Suspense>
      )}
    </>
  );
};
