import { describe, expect, it } from 'vitest';
import { descriptionPreview } from './description-preview';

describe('descriptionPreview', () => {
  it('keeps the first 140 characters and adds an ellipsis', () => {
    const text = 'a'.repeat(139) + 'bc' + ' and more';
    const preview = descriptionPreview(text);
    expect(preview).toBe(`${'a'.repeat(139)}b…`);
    expect(Array.from(preview)).toHaveLength(141);
  });

  it('cuts at the last word boundary within 140 characters, never mid-word', () => {
    const text = `${'word '.repeat(27)}elephants and more`; // 135 characters, then a word across 140
    const preview = descriptionPreview(text);
    expect(preview).toBe(`${'word '.repeat(26)}word…`);
    expect(Array.from(preview).length).toBeLessThanOrEqual(141);
  });

  it('ends in one ellipsis, not a full stop or dots followed by another', () => {
    const sentence = 'Sail the canals at dusk. ';
    const dots = descriptionPreview(`${sentence.repeat(5)}${'x'.repeat(10)}... more text after the cut`);
    expect(dots.endsWith(`${'x'.repeat(10)}…`)).toBe(true);
    expect(dots).not.toMatch(/\.…|…\.|\.\.\./);
    expect(descriptionPreview(`${'a '.repeat(68)}b... c`)).toBe(`${'a '.repeat(68)}b…`);
  });

  it('shows a short text whole, without an ellipsis', () => {
    expect(descriptionPreview('Feed the penguins.')).toBe('Feed the penguins.');
    expect(descriptionPreview('x'.repeat(140))).toBe('x'.repeat(140));
  });

  it('previews the words of shop HTML, not its tags, and collapses whitespace', () => {
    expect(descriptionPreview('<p>Sail  the <strong>canals</strong>.</p>\n<p>Coffee &amp; cake.</p>')).toBe(
      'Sail the canals. Coffee & cake.',
    );
  });

  it('never cuts a character made of two code units in half', () => {
    const preview = descriptionPreview('🎨'.repeat(150));
    expect(preview).toBe(`${'🎨'.repeat(140)}…`);
  });
});
