/**
 * The product's breakpoints (tablet 64rem, laptop 80rem, desktop 90rem, large 120rem) added beside MUI's
 * xs…xl, which react-admin's components use. MUI compares numbers in px, and some react-admin code
 * divides `breakpoints.values.sm`, so the rem values are expressed in px at the standard 16px root.
 */
const REM_IN_PX = 16;

export const BREAKPOINTS_IN_REM = { tablet: 64, laptop: 80, desktop: 90, large: 120 } as const;

export const BREAKPOINT_VALUES = {
  xs: 0,
  sm: 600,
  md: 900,
  lg: 1200,
  xl: 1536,
  tablet: BREAKPOINTS_IN_REM.tablet * REM_IN_PX,
  laptop: BREAKPOINTS_IN_REM.laptop * REM_IN_PX,
  desktop: BREAKPOINTS_IN_REM.desktop * REM_IN_PX,
  large: BREAKPOINTS_IN_REM.large * REM_IN_PX,
} as const;

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    tablet: true;
    laptop: true;
    desktop: true;
    large: true;
  }
}
