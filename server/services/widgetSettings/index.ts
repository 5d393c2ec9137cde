import { eq, sql } from 'drizzle-orm';
import {
  resolveHappyHoursIcon,
  resolveWidgetFont,
  type WidgetSettings,
  type WidgetSettingsInput,
  type WidgetTheme,
} from '../../../domain/widget';
import { idIn } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { widgetSettings } from '../../db/schema/widgetSettings';
import { zurichToday } from '../../../domain/statistics';
import { proLogoIncludedSql } from '../billing/paidState';

/**
 * Widget settings: one row of `widget_settings` per establishment, made with it (migration 0009), the palette
 * in one column per colour. The resource (server/routes/widgetSettings.ts) reads and writes through here.
 */

type WidgetSettingsRow = typeof widgetSettings.$inferSelect;

/** The stored look as the record shows it: an unknown font or icon (an older value) shows as the default. */
const themeOf = (row: WidgetSettingsRow): WidgetSettings['widgetTheme'] => ({
  fontFamilyName: resolveWidgetFont(row.fontFamilyName),
  hasTransparentBackground: row.hasTransparentBackground,
  hasEnabledHappyHours: row.hasEnabledHappyHours,
  hasRoundedBorders: row.hasRoundedBorders,
  hasEnabledCalendar: row.hasEnabledCalendar,
  hasEnabledProLogo: row.hasEnabledProLogo,
  happyHoursTitle: row.happyHoursTitle,
  happyHoursIconName: resolveHappyHoursIcon(row.happyHoursIconName),
  colorPalette: {
    primaryText: row.colorPrimaryText,
    secondaryText: row.colorSecondaryText,
    accent: row.colorAccent,
    buttonPrimary: row.colorButtonPrimary,
    happyHoursIcon: row.colorHappyHoursIcon,
    backgroundPrimary: row.colorBackgroundPrimary,
  },
});

export const widgetSettingsOf = (row: WidgetSettingsRow, proLogoIncluded: boolean): WidgetSettings => ({
  id: row.id,
  establishmentId: row.establishmentId,
  externalApiKey: row.externalApiKey,
  allowedOrigins: row.allowedOrigins,
  widgetTheme: themeOf(row),
  proLogoIncluded,
  version: row.version,
});

/** The columns of a settings row and whether its establishment's paid plan includes the pro logo, today. */
export const widgetSettingsColumns = () => ({
  row: widgetSettings,
  proLogoIncluded: sql<boolean>`${proLogoIncludedSql(sql.raw('"widget_settings"."establishment_id"'), zurichToday())}`,
});

export async function loadWidgetSettings(db: Queryable, ids: readonly number[]): Promise<WidgetSettings[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(widgetSettingsColumns()).from(widgetSettings).where(idIn(widgetSettings.id, ids));
  return rows.map(({ row, proLogoIncluded }) => widgetSettingsOf(row, Boolean(proLogoIncluded)));
}

const themeColumns = (theme: WidgetTheme) => ({
  fontFamilyName: theme.fontFamilyName,
  hasTransparentBackground: theme.hasTransparentBackground,
  hasEnabledHappyHours: theme.hasEnabledHappyHours,
  hasRoundedBorders: theme.hasRoundedBorders,
  hasEnabledCalendar: theme.hasEnabledCalendar,
  hasEnabledProLogo: theme.hasEnabledProLogo,
  happyHoursTitle: theme.happyHoursTitle,
  happyHoursIconName: theme.happyHoursIconName,
  colorPrimaryText: theme.colorPalette.primaryText,
  colorSecondaryText: theme.colorPalette.secondaryText,
  colorAccent: theme.colorPalette.accent,
  colorButtonPrimary: theme.colorPalette.buttonPrimary,
  colorHappyHoursIcon: theme.colorPalette.happyHoursIcon,
  colorBackgroundPrimary: theme.colorPalette.backgroundPrimary,
});

/** The whole look and the allowed sites; the establishment and the key stay. */
export async function updateWidgetSettings(tx: Queryable, id: number, input: WidgetSettingsInput): Promise<void> {
  await tx
    .update(widgetSettings)
    .set({ ...themeColumns(input.widgetTheme), allowedOrigins: input.allowedOrigins })
    .where(eq(widgetSettings.id, id));
}

/**
 * A new random public key (the database's `new_widget_key()`, which also keys a new establishment's widget:
 * 122 random bits, URL-safe): the old one stops answering with this transaction's commit. The generic resource
 * runs it as the `rotate-key` action, with the lock, the version and the audit row.
 */
export async function rotateWidgetKey(tx: Queryable, id: number): Promise<void> {
  await tx
    .update(widgetSettings)
    .set({ externalApiKey: sql`new_widget_key()` })
    .where(eq(widgetSettings.id, id));
}
