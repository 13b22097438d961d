import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.ts';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside each other', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[[]],[[]],[[]]]', 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: 'say "[[[["' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\', b: [[1]] }), 2)).toBe(true);
  });

  it('reads 200,000 levels without a stack', () => {
    expect(nestsDeeperThan('['.repeat(200_000) + ']'.repeat(200_000), 32)).toBe(true);
  });
});
