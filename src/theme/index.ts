export { lightTheme, darkTheme } from './themes';
export { BRAND_COLORS, DARK_SURFACES } from './palette';
export { BREAKPOINT_VALUES, BREAKPOINTS_IN_REM } from './breakpoints';
