import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WIDGET_FONT_CSS_FAMILIES, WIDGET_FONT_SLUGS, WIDGET_FONTS, type WidgetFont } from '../../../domain/widget';

/**
 * The widget's fonts, self-hosted from the installed `@fontsource/<slug>` packages: only their latin 400 and 700
 * woff2 files, served at WIDGET_FONT_PATH (nothing is loaded from a third party). A package is found through
 * Node's resolution, so this works from the sources and from the built server (dist-server/) alike.
 */

export const WIDGET_FONT_PATH = '/external/widget-fonts';
const WEIGHTS = [400, 700] as const;

interface FontFile {
  font: WidgetFont;
  weight: (typeof WEIGHTS)[number];
  name: string;
  absolutePath: string;
}

const require = createRequire(import.meta.url);

function filesOf(font: WidgetFont): FontFile[] {
  const slug = WIDGET_FONT_SLUGS[font];
  const directory = path.join(path.dirname(require.resolve(`@fontsource/${slug}/package.json`)), 'files');
  return WEIGHTS.flatMap((weight) => {
    const name = `${slug}-latin-${weight}-normal.woff2`;
    const absolutePath = path.join(directory, name);
    return existsSync(absolutePath) ? [{ font, weight, name, absolutePath }] : [];
  });
}

let fontFiles: Map<string, FontFile> | undefined;

/** Every servable file by its name (`inter-latin-400-normal.woff2`); found once. */
function allFiles(): Map<string, FontFile> {
  fontFiles ??= new Map(WIDGET_FONTS.flatMap(filesOf).map((file) => [file.name, file]));
  return fontFiles;
}

const contents = new Map<string, Buffer>();

/** A font file's bytes, or null when the name is not one of the served files. */
export function fontFile(name: string): Buffer | null {
  const file = allFiles().get(name);
  if (!file) return null;
  let bytes = contents.get(name);
  if (!bytes) {
    bytes = readFileSync(file.absolutePath);
    contents.set(name, bytes);
  }
  return bytes;
}

const faces = new Map<WidgetFont, string>();

/** The `@font-face` rules of one font (a font without a bold file is made bold by the browser). */
export function fontFaces(font: WidgetFont): string {
  let css = faces.get(font);
  if (css === undefined) {
    const family = WIDGET_FONT_CSS_FAMILIES[font] ?? font;
    css = [...allFiles().values()]
      .filter((file) => file.font === font)
      .map(
        (file) =>
          `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:${file.weight};src:url(${WIDGET_FONT_PATH}/${file.name}) format("woff2")}`,
      )
      .join('');
    faces.set(font, css);
  }
  return css;
}

/** Every font's faces: the preview switches fonts without a reload (a browser fetches only the faces it uses). */
export const allFontFaces = (): string => WIDGET_FONTS.map(fontFaces).join('');
