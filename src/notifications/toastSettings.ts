import type { SnackbarOrigin } from 'notistack';

/**
 * Toasts: bottom-right, auto-close 4000 ms, at most 5 visible (the rest queue), 440 wide, 200 high, 250 ms
 * transition.
 */
export const TOAST_SETTINGS = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' } satisfies SnackbarOrigin as SnackbarOrigin,
  autoHideDurationMs: 4000,
  maxVisible: 5,
  widthPx: 440,
  maxHeightPx: 200,
  transitionMs: 250,
} as const;
