import { useState, type MouseEvent } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useThemePreference } from '../../providers/preferencesStore';
import { COLOR_SCHEMES, COLOR_SCHEME_ICONS, colorSchemeLabelKey, type ColorScheme } from './colorSchemes';

/** The app bar's light / dark / auto switch; the choice is kept in the preferences store. */
export const ColorSchemeMenuButton = () => {
  const translate = useTranslate();
  const [preference, setPreference] = useThemePreference();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('app.colorScheme.label');

  const choose = (scheme: ColorScheme) => {
    setPreference(scheme);
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
