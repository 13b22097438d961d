import { describe, expect, it } from 'vitest';
import { abandonedAt } from './use-abandoned-payment';

const pending = { hash: 'h1', holdExpiresAt: null, from: '/product/3/zoo?step=customer' };

describe('abandonedAt', () => {
  it('is the pending payment when the browser went Back to the checkout it left', () => {
    expect(abandonedAt(pending, '/product/3/zoo?step=customer', 'POP')).toBe(pending);
  });

  it('is nothing for a link followed to the page, another page, or no pending payment', () => {
    expect(abandonedAt(pending, '/product/3/zoo?step=customer', 'PUSH')).toBeNull();
    expect(abandonedAt(pending, '/product/3/zoo?step=quantity', 'POP')).toBeNull();
    expect(abandonedAt(null, '/product/3/zoo?step=customer', 'POP')).toBeNull();
  });
});
