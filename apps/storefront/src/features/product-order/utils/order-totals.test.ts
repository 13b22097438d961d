import { describe, expect, it } from 'vitest';
import type { CartOrder } from '@/lib/cart-store';
import { redeemedCents } from './order-totals';

describe('redeemedCents', () => {
  const listed = (subscription: string | null) =>
    ({ subscription, summary: { subtotalCents: 1750 } }) as unknown as CartOrder;
  const server = { subtotalCents: 0, discountCents: 0, additionsCents: 0, totalCents: 0 };

  it('is what the listed tickets cost beyond the server’s subtotal when a pass is redeemed', () => {
    expect(redeemedCents([listed('pass-token')], server)).toBe(1750);
  });

  it('is 0 without a subscription, or before the server has answered', () => {
    expect(redeemedCents([listed(null)], server)).toBe(0);
    expect(redeemedCents([listed('pass-token')], null)).toBe(0);
  });
});
