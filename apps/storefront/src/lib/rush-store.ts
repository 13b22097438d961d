/**
 * Rush mode's keys in the visitor's browser (decision 0265): the signed queue
 * token per product, so a reload or a new tab keeps the place, and the pass
 * once admitted, which the product order sends as `rushPass` until it is
 * spent or runs out. localStorage: a closed tab does not lose the place.
 */
const KEY = 'kassa.rush';

interface StoredPass {
  pass: string;
  /** ISO instant. */
  expiresAt: string;
}

interface RushStored {
  tokens: Record<string, string>;
  passes: Record<string, StoredPass>;
}

function read(): RushStored {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
    if (typeof value === 'object' && value !== null && 'tokens' in value && 'passes' in value)
      return value as RushStored;
  } catch {
    // Unreadable or blocked storage: no place kept.
  }
  return { tokens: {}, passes: {} };
}

function write(stored: RushStored): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the place lasts as long as the page.
  }
}

export function queueToken(productId: number): string | null {
  return read().tokens[productId] ?? null;
}

export function keepQueueToken(productId: number, token: string): void {
  const stored = read();
  write({ ...stored, tokens: { ...stored.tokens, [productId]: token } });
}

/** Forgets the place (and any pass) of a product: the next visit queues afresh. */
export function forgetRush(productId: number): void {
  const { tokens, passes } = read();
  delete tokens[productId];
  delete passes[productId];
  write({ tokens, passes });
}

export function keepPass(productId: number, pass: string, expiresAt: string): void {
  const stored = read();
  write({ ...stored, passes: { ...stored.passes, [productId]: { pass, expiresAt } } });
}

/** A pass still valid for one of the products, if the visitor holds one. */
export function passFor(productIds: readonly number[], now = Date.now()): string | undefined {
  const { passes } = read();
  for (const id of productIds) {
    const held = passes[id];
    if (held && Date.parse(held.expiresAt) > now) return held.pass;
  }
  return undefined;
}

/** After an order spent it: the pass and its place are done with. */
export function spendPass(pass: string): void {
  const { tokens, passes } = read();
  for (const [id, held] of Object.entries(passes)) {
    if (held.pass !== pass) continue;
    delete passes[id];
    delete tokens[id];
  }
  write({ tokens, passes });
}
