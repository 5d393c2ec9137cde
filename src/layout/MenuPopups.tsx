import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { Translate } from '../public/translate';
import { COLOR_SCHEMES, COLOR_SCHEME_ICONS, colorSchemeLabelKey, type ColorScheme } from './colorSchemes';

/**
 * The open menus of the language and colour scheme buttons (./LanguageMenu.tsx, ./ColorSchemeMenu.tsx): MUI's
 * Menu brings its popover, modal, focus trap and transitions, which a page needs only once a menu is opened, so
 * they load then (the buttons start loading them when pointed at or focused).
 */

export interface MenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export interface LanguageMenuPopupProps extends MenuPopupProps {
  languages: ReadonlyArray<{ locale: string; name: string }>;
  current: string;
  onChoose: (language: string) => void;
}

export const LanguageMenuPopup = ({ id, anchor, onClose, languages, current, onChoose }: LanguageMenuPopupProps) => (
  <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
    {languages.map(({ locale: code, name }) => (
      <MenuItem key={code} onClick={() => onChoose(code)} selected={code === current}>
        {name}
      </MenuItem>
    ))}
  </Menu>
);

export interface ColorSchemeMenuPopupProps extends MenuPopupProps {
  preference: ColorScheme;
  onChoose: (scheme: ColorScheme) => void;
  translate: Translate;
}

export const ColorSchemeMenuPopup = ({
  id,
  anchor,
  onClose,
  preference,
  onChoose,
  translate,
}: ColorSchemeMenuPopupProps) => (
  <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
    {COLOR_SCHEMES.map((scheme) => (
      <MenuItem key={scheme} selected={scheme === preference} onClick={() => onChoose(scheme)}>
        <ListItemIcon>{COLOR_SCHEME_ICONS[scheme]}</ListItemIcon>
        <ListItemText>{translate(colorSchemeLabelKey(scheme))}</ListItemText>
      </MenuItem>
    ))}
  </Menu>
);

/** The buttons' tooltips position themselves with Popper: loaded with the menus, when first pointed at. */
export { default as Tooltip } from '@mui/material/Tooltip';
