import { useState, type MouseEvent } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import type { Translate } from '../public/translate';
import { COLOR_SCHEMES, COLOR_SCHEME_ICONS, colorSchemeLabelKey, type ColorScheme } from './colorSchemes';

export interface ColorSchemeMenuProps {
  preference: ColorScheme;
  onChoose: (scheme: ColorScheme) => void;
  translate: Translate;
}

/** The light / dark / auto switch as it shows in the app bar and on the public pages. */
export const ColorSchemeMenu = ({ preference, onChoose, translate }: ColorSchemeMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('app.colorScheme.label');

  const choose = (scheme: ColorScheme) => {
    onChoose(scheme);
    setAnchor(null);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? 'color-scheme-menu' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          {COLOR_SCHEME_ICONS[preference]}
        </IconButton>
      </Tooltip>
      <Menu id="color-scheme-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {COLOR_SCHEMES.map((scheme) => (
          <MenuItem key={scheme} selected={scheme === preference} onClick={() => choose(scheme)}>
            <ListItemIcon>{COLOR_SCHEME_ICONS[scheme]}</ListItemIcon>
            <ListItemText>{translate(colorSchemeLabelKey(scheme))}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
