import { describe, expect, it } from 'vitest';
import { applyTheme, contrastRatio, normaliseHex, readableOnWhite, textColourOn } from './theme';

describe('theme colour', () => {
  it('falls back to 1abc9c when the colour is missing or not a hex colour', () => {
    expect(normaliseHex(null)).toBe('1abc9c');
    expect(normaliseHex('teal')).toBe('1abc9c');
    expect(normaliseHex('#ABC')).toBe('aabbcc');
  });

  it.each(['1abc9c', 'ffeb3b', '0d47a1', '000000', 'ffffff', '888888'])(
    'picks a text colour with AA contrast on %s',
    (hex) => {
      expect(contrastRatio(hex, textColourOn(hex))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('darkens the colour for text on white until it reaches 4.5:1', () => {
    const text = readableOnWhite('1abc9c');
    expect(contrastRatio(text, 'ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableOnWhite('0d47a1')).toBe('0d47a1');
  });

  it('writes the custom properties onto the root element', () => {
    const root = document.createElement('div');
    applyTheme('#0D47A1', root);
    expect(root.style.getPropertyValue('--kassa-theme')).toBe('#0d47a1');
    expect(root.style.getPropertyValue('--kassa-on-theme')).toBe('#ffffff');
  });
});
