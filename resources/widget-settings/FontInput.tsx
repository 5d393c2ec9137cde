import { MenuItem, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { WIDGET_FONT_CSS_FAMILIES, WIDGET_FONTS, widgetFontStack, type WidgetFont } from '../../domain/widget';
import './fonts';

/** A font's name as people know it (the specification's "Rightuous" is the font Righteous). */
const fontLabel = (font: WidgetFont) => WIDGET_FONT_CSS_FAMILIES[font] ?? font;

/** The widget's font: each choice, and the chosen one, drawn in its own face. */
export const FontInput = ({ source }: { source: string }) => {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      select
      id={id}
      label={translate('resources.widget-settings.fields.fontFamilyName')}
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.invalid}
      fullWidth
      slotProps={{
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
        input: { sx: { fontFamily: widgetFontStack(value), fontSize: '1.1rem' } },
      }}
    >
      {WIDGET_FONTS.map((font) => (
        <MenuItem key={font} value={font} sx={{ fontFamily: widgetFontStack(font), fontSize: '1.1rem' }}>
          {fontLabel(font)}
        </MenuItem>
      ))}
    </TextField>
  );
};
