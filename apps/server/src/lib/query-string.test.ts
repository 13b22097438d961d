import qs from 'qs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryStringParser } from './query-string.ts';

describe('queryStringParser (decision 0275)', () => {
  afterEach(() => vi.restoreAllMocks());

  const calendar = 'order[quantity]=1&order[audiences][0][id]=4&filterFrom=2026-03-10&orderingDir=asc';

  it('reads bracket notation into nested objects, as qs does', () => {
    expect(queryStringParser()(calendar)).toEqual({
      order: { quantity: '1', audiences: [{ id: '4' }] },
      filterFrom: '2026-03-10',
      orderingDir: 'asc',
    });
  });

  it('parses a query string it has seen once, and a long one every time', () => {
    const parse = vi.spyOn(qs, 'parse');
    const parser = queryStringParser();
    parser(calendar);
    parser(calendar);
    parser(calendar);
    expect(parse).toHaveBeenCalledTimes(1);
    const long = `q=${'a'.repeat(2000)}`;
    parser(long);
    parser(long);
    expect(parse).toHaveBeenCalledTimes(3);
  });

  it('gives every request its own copy: a changed query stays with its request', () => {
    const parser = queryStringParser();
    const first = parser(calendar) as { order: { audiences: { id: string }[] }; extra?: string };
    first.order.audiences[0]!.id = '99';
    first.order.audiences.push({ id: '5' });
    first.extra = 'x';
    const second = parser(calendar);
    expect(second).toEqual(queryStringParser()(calendar));
    expect(second).not.toHaveProperty('extra');
  });

  it('keeps a bounded number of query strings', () => {
    const parse = vi.spyOn(qs, 'parse');
    const parser = queryStringParser();
    for (let index = 0; index < 600; index++) parser(`page=${index}`);
    parse.mockClear();
    parser('page=599');
    parser('page=0');
    // The newest is still kept, the oldest went.
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
