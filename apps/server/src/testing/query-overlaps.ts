import pg from 'pg';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Records every query sent on a pg connection while another query is still
 * running on it (Promise.all inside a transaction, say). pg queues such
 * queries today and warns once it has to queue two; pg 9 will refuse them.
 * Only native PostgreSQL goes through here; PGlite has no pg client.
 */
export function watchQueryOverlaps(): { overlaps: string[]; stop: () => void } {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const running = new WeakMap<object, number>();
  const overlaps: string[] = [];
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const busy = running.get(this) ?? 0;
    if (busy > 0) {
      const first = args[0] as string | { text?: string } | undefined;
      overlaps.push(String(typeof first === 'string' ? first : first?.text).slice(0, 160));
    }
    running.set(this, busy + 1);
    const done = () => running.set(this, (running.get(this) ?? 1) - 1);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  };
  return {
    overlaps,
    stop: () => {
      prototype.query = original;
    },
  };
}
