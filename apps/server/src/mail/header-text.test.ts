import { describe, expect, it } from 'vitest';
import { headerText } from './header-text.ts';

describe('headerText', () => {
  it('turns every kind of line break into a space', () => {
    expect(headerText('Refund\r\nBcc: a@example.test\nX: 1\rY\u2028Z\u2029end')).toBe(
      'Refund Bcc: a@example.test X: 1 Y Z end',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(headerText('Jan de Vries – order 12,50')).toBe('Jan de Vries – order 12,50');
  });
});
