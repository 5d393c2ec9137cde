import { forwardRef } from 'react';
import { Alert, type AlertColor } from '@mui/material';
import { SnackbarContent, type CustomContentProps } from 'notistack';
import { TOAST_SETTINGS } from './toastSettings';

const severityOf = (variant: CustomContentProps['variant']): AlertColor => (variant === 'default' ? 'info' : variant);

/**
 * One toast, drawn with MUI's Alert so it follows the theme's palette in light and dark mode
 * (notistack's default content has fixed colours).
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(
  { id, message, variant, action, style, className },
  ref,
) {
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        severity={severityOf(variant)}
        variant="filled"
        action={typeof action === 'function' ? action(id) : action}
        sx={{
          width: TOAST_SETTINGS.widthPx,
          maxWidth: '100%',
          maxHeight: TOAST_SETTINGS.maxHeightPx,
          overflowY: 'auto',
          whiteSpace: 'pre-line',
          alignItems: 'center',
        }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
