import { describe, expect, it } from 'vitest';
import { cachedJsonSerializer } from './cached-json.ts';

describe('cachedJsonSerializer (decision 0269)', () => {
  it('sends an answer object as its UTF-8 JSON bytes, made once and handed out again for the same object', () => {
    const serialize = cachedJsonSerializer();
    const answer = { title: 'Escape room: The Curator’s Secret', price: 27.5 };
    const first = serialize(answer) as unknown as Buffer;
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(JSON.parse(first.toString('utf8'))).toEqual(answer);
    // The byte length, not the string's: ’ is three bytes in UTF-8.
    expect(first.length).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(serialize(answer)).toBe(first);
    // Another object (the next cache period's answer) is serialized afresh.
    expect(serialize({ ...answer, price: 30 })).not.toBe(first);
  });

  it('writes values that are not objects as plain JSON text', () => {
    const serialize = cachedJsonSerializer();
    expect(serialize(null)).toBe('null');
    expect(serialize('text')).toBe('"text"');
  });
});
