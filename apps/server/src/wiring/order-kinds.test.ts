import { describe, expect, it } from 'vitest';
import { ORDER_KINDS } from '@kassa/domain/rules/order-kind';
import { ORDER_KIND_PLANS } from './order-kinds.ts';

describe('order kinds', () => {
  // The settlement picks a paid order's steps by its kind: a plan filed under another kind would fulfil the wrong thing.
  it('registers each kind of the schema with its own plan', () => {
    expect(Object.keys(ORDER_KIND_PLANS).sort()).toEqual([...ORDER_KINDS].sort());
    for (const [kind, plan] of Object.entries(ORDER_KIND_PLANS)) expect(plan.kind).toBe(kind);
  });
});
