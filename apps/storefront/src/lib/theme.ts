/**
 * The organisation's theme colour (page definitions) as CSS custom
 * properties, with a text colour on it that keeps WCAG AA contrast.
 */
import { DEFAULT_THEME_COLOUR } from '@kassa/domain/rules/constants';

/** '#1ABC9C', '1abc9c' or 'abc' → '1abc9c'; anything else → the default. */
export function normaliseHex(colour: string | null | undefined): string {
  const hex = (colour ?? '').trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return [...hex].map((digit) => digit + digit).join('');
  return DEFAULT_THEME_COLOUR;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a 6-digit hex colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((at) => channel(parseInt(hex.slice(at, at + 2), 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** WCAG contrast ratio between two 6-digit hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const DARK_TEXT = '111111';
const LIGHT_TEXT = 'ffffff';

/** Near-black or white, whichever reads better on the colour. */
export function textColourOn(hex: string): string {
  return contrastRatio(hex, DARK_TEXT) >= contrastRatio(hex, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * The theme colour darkened until it reaches 4.5:1 on white, for links and
 * outlines drawn in the theme colour on the page background.
 */
export function readableOnWhite(hex: string): string {
  let [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
  const toHex = () => [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  while (contrastRatio(toHex(), LIGHT_TEXT) < 4.5) {
    [r, g, b] = [r * 0.9, g * 0.9, b * 0.9];
  }
  return toHex();
}

/** Sets --kassa-theme, --kassa-on-theme and --kassa-theme-text on the document. */
export function applyTheme(
  colour: string | null | undefined,
  root: HTMLElement = document.documentElement,
): void {
  const hex = normaliseHex(colour);
  root.style.setProperty('--kassa-theme', `#${hex}`);
  root.style.setProperty('--kassa-on-theme', `#${textColourOn(hex)}`);
  root.style.setProperty('--kassa-theme-text', `#${readableOnWhite(hex)}`);
}
