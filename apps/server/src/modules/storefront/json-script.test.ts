import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonForScriptElement } from './json-script.ts';

describe('jsonForScriptElement', () => {
  it('cannot close the script element or open a comment', () => {
    const json = jsonForScriptElement({ name: '</script><script>alert(1)</script><!-- & \u2028\u2029' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('parses back to the same value for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = jsonForScriptElement(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
