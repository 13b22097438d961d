import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, readAcceptEncoding } from './content-encoding.ts';

describe('acceptedEncoding kept per header value (decision 0283)', () => {
  const browsers = [
    'gzip, deflate, br, zstd',
    'gzip, deflate, br',
    'br, gzip',
    'gzip',
    'identity',
    'br;q=0, gzip;q=0',
    'gzip;q=1.0, br;q=0',
    'BR;Q=0.5, *;q=0',
    'br;q=0.0',
    'deflate',
    // Values that differ in case only are kept apart: each is answered as reading it would.
    'gzip, br;q=0',
    'GZIP, BR;Q=0',
  ];

  it('answers a repeated header value as reading it afresh does, first time and every time after', () => {
    for (let round = 0; round < 3; round++) {
      for (const header of browsers)
        expect(acceptedEncoding(header), header).toBe(readAcceptEncoding(header));
    }
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
  });

  it('agrees with reading the header afresh for any value, also once many others have pushed it out', () => {
    const token = fc.constantFrom('br', 'gzip', 'BR', 'Gzip', 'deflate', 'zstd', '*', 'identity', '');
    const quality = fc.constantFrom('', ';q=0', ';Q=0', ';q=0.0', ';q=0.5', ';q=1', '; q=0', ';q=0.001');
    const header = fc
      .array(fc.tuple(token, quality), { maxLength: 5 })
      .map((parts) => parts.map(([name, q]) => `${name}${q}`).join(', '));
    fc.assert(
      fc.property(fc.array(header, { minLength: 1, maxLength: 200 }), (headers) => {
        for (const value of [...headers, ...headers]) {
          expect(acceptedEncoding(value)).toBe(readAcceptEncoding(value));
        }
      }),
    );
    // A long made-up value is read, not kept, and still answered right.
    const long = `${'x, '.repeat(200)}gzip`;
    expect(acceptedEncoding(long)).toBe('gzip');
  });
});
