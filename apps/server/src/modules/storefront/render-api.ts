import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { listPlotsOfProducts, type SharedPlotsQuery } from '../availability/list-plots-of-products.ts';
import type { RenderRequest } from '../../lib/render-page.ts';

const PLOTS_PATH = /^\/api\/products\/(\d{1,9})\/plots$/;
/** The only parameters a shared plots answer may have; anything else (a selection, a rebooked plot) goes alone. */
const SHARED_PARAMETERS = new Set(['filterFrom', 'filterUntil', 'orderingCol', 'orderingDir']);

interface Waiting {
  productId: number;
  url: string;
  init: RequestInit;
  resolve: (response: Response) => void;
}

/**
 * The /api a page render asks (rendered-pages.ts): each call injected into the
 * server's own routes, except the plots of several products asked for side
 * by side with the same window, as the calendar does for every dated product
 * (docs/storefront.md §2.18, §7.2). Those are gathered until the render's
 * current work is done and answered together by `listPlotsOfProducts`
 * (decision 0285): the same answers as the route's, from one plots query
 * instead of one per product. The storefront still asks, and the browser
 * still sends, one plots call per product.
 */
export function renderApi(
  app: App,
  source: { db: Db; config: Pick<Config, 'organisation'>; now?: () => Date },
  host: string | undefined,
): RenderRequest['api'] {
  const inject = async (url: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>), ...(host ? { host } : {}) },
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

  let waiting: Waiting[] = [];
  const answerTogether = async (batch: Waiting[]) => {
    // One group per query string: only the same window can share a query.
    const groups = new Map<string, Waiting[]>();
    for (const call of batch) {
      const search = call.url.slice(call.url.indexOf('?') + 1);
      groups.set(search, [...(groups.get(search) ?? []), call]);
    }
    for (const [search, calls] of groups) {
      let answers: Map<number, unknown> | undefined;
      if (calls.length > 1) {
        const parameters = new URLSearchParams(search);
        const query = Object.fromEntries(parameters) as SharedPlotsQuery;
        const shared =
          [...parameters.keys()].every((name) => SHARED_PARAMETERS.has(name)) &&
          (query.orderingCol ?? 'date') === 'date' &&
          (query.orderingDir === undefined || query.orderingDir === 'asc' || query.orderingDir === 'desc');
        if (shared) {
          answers = await listPlotsOfProducts(source.db, {
            organisation: await loadOrganisation(source.db, source.config.organisation),
            // A render is an anonymous visitor's page (rendered-pages.ts): no client groups.
            viewerGroupIds: [],
            productIds: calls.map((call) => call.productId),
            query,
            now: source.now?.() ?? new Date(),
          }).catch(() => undefined); // A bad window: each call gets the route's own answer.
        }
      }
      for (const call of calls) {
        const answer = answers?.get(call.productId);
        // A product not offered, or a call that could not share: the route answers it (its 404 and 400 bodies).
        if (answer === undefined) call.resolve(await inject(call.url, call.init));
        else
          call.resolve(
            new Response(JSON.stringify(answer), {
              status: 200,
              headers: { 'content-type': 'application/json; charset=utf-8' },
            }),
          );
      }
    }
  };

  return (url, init) => {
    // Catalogue pages only read; anything else has no place in a render.
    if (init.method && init.method !== 'GET')
      throw new Error(`a page render asked for ${init.method} ${url}`);
    const [path = '', search] = url.split('?', 2);
    const plots = PLOTS_PATH.exec(path);
    const anonymous = !new Headers(init.headers).has('authorization');
    if (!plots || !anonymous || search === undefined) return inject(url, init);
    return new Promise<Response>((resolve) => {
      waiting.push({ productId: Number(plots[1]), url, init, resolve });
      if (waiting.length > 1) return;
      // The render asks for all of a pass's queries before it waits: gather them until then.
      setImmediate(() => {
        const batch = waiting;
        waiting = [];
        void answerTogether(batch).catch((error: unknown) => {
          for (const call of batch) call.resolve(Response.error());
          throw error;
        });
      });
    });
  };
}
