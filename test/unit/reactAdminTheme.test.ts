import { createTheme } from '@mui/material/styles';
import { defaultDarkTheme as raDark, defaultLightTheme as raLight } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { defaultDarkTheme, defaultLightTheme } from '../../src/theme/reactAdminDefaults';

/**
 * The app's themes build on react-admin's defaults, copied into src/theme so that the public pages load
 * without react-admin: the copy must stay what react-admin ships, or the sign-in screen would drift from
 * the signed-in app.
 */

/** Options as data: each style function replaced by what it gives for a real theme. */
const asData = (options: unknown): unknown => {
  const theme = createTheme();
  return JSON.parse(
    JSON.stringify(options, (_key, value: unknown) =>
      typeof value === 'function' ? (value as (props: { theme: unknown }) => unknown)({ theme }) : value,
    ),
  );
};

describe("react-admin's default themes, as copied", () => {
  it.each([
    ['light', defaultLightTheme, raLight],
    ['dark', defaultDarkTheme, raDark],
  ])('%s: the same options as react-admin’s', (_name, copy, original) => {
    expect(asData(copy)).toEqual(asData(original));
  });
});
