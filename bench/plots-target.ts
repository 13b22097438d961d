/** Reads allow both the bare payload and an { ok, response } envelope. */
function payload(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'response' in body) return body.response;
  return body;
}

interface ProductSummary {
  id: number;
  options?: { days?: boolean; timeslots?: boolean };
}

/**
 * The calendar's request for a time-slot product (docs/storefront.md §2.18:
 * today to 60 days ahead, ordered by date), picked from the home list of the
 * seeded shop.
 */
export async function plotsWindowPath(baseUrl: string): Promise<{ path: string; label: string } | undefined> {
  const response = await fetch(`${baseUrl}/api/home/products`);
  if (!response.ok) return undefined;
  const home = payload(await response.json()) as { products?: ProductSummary[] };
  const products = home.products ?? [];
  const product =
    products.find((candidate) => candidate.options?.timeslots) ??
    products.find((candidate) => candidate.options?.days);
  if (!product) return undefined;

  // UTC dates are close enough for a load test; the window's length is what matters.
  const today = new Date();
  const until = new Date(today.getTime() + 60 * 24 * 60 * 60 * 1000);
  const query = new URLSearchParams({
    'order[quantity]': '1',
    filterFrom: isoDate(today),
    filterUntil: isoDate(until),
    orderingCol: 'date',
    orderingDir: 'asc',
  });
  return {
    path: `/api/products/${product.id}/plots?${query.toString()}`,
    label: `/api/products/${product.id}/plots (60 days)`,
  };
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
