import { describe, expect, it } from 'vitest';
import { flowSteps, nextStep, previousStep, type FlowShape } from './flow-steps';

const shape = (overrides: Partial<FlowShape> = {}): FlowShape => ({
  days: true,
  upsellCount: 2,
  crossSellCount: 1,
  rebooking: false,
  plotCount: 5,
  ...overrides,
});

describe('flowSteps', () => {
  it('lists quantity, plot, upsells, cross_sells, customer, checkout for a full product', () => {
    expect(flowSteps(shape())).toEqual([
      'quantity',
      'plot',
      'upsells',
      'cross_sells',
      'customer',
      'checkout',
    ]);
  });

  it('drops plot without days, and upsells or cross-sells when there are none', () => {
    expect(flowSteps(shape({ days: false, upsellCount: 0, crossSellCount: 0 }))).toEqual([
      'quantity',
      'customer',
      'checkout',
    ]);
  });

  it('skips cross-sells when rebooking', () => {
    expect(flowSteps(shape({ rebooking: true }))).not.toContain('cross_sells');
  });

  it('moves forward one step at a time', () => {
    expect(nextStep('quantity', shape())).toBe('plot');
    expect(nextStep('upsells', shape({ crossSellCount: 0 }))).toBe('customer');
    expect(nextStep('quantity', shape({ days: false, upsellCount: 0 }))).toBe('cross_sells');
  });
});

describe('previousStep', () => {
  it('leaves the flow from quantity', () => {
    expect(previousStep('quantity', shape())).toBe('leave');
  });

  it('goes back from customer to upsells first', () => {
    expect(previousStep('customer', shape())).toBe('upsells');
  });

  it('goes back from customer to cross_sells without upsells, but not when rebooking', () => {
    expect(previousStep('customer', shape({ upsellCount: 0 }))).toBe('cross_sells');
    expect(previousStep('customer', shape({ upsellCount: 0, rebooking: true }))).toBe('plot');
  });

  it('goes back from customer to plot only with days and more than one plot', () => {
    const bare = { upsellCount: 0, crossSellCount: 0 };
    expect(previousStep('customer', shape({ ...bare, plotCount: 2 }))).toBe('plot');
    expect(previousStep('customer', shape({ ...bare, plotCount: 1 }))).toBe('quantity');
    expect(previousStep('customer', shape({ ...bare, days: false }))).toBe('quantity');
  });

  it('leaves a rebooking instead of going back to its quantity step, which moves on by itself', () => {
    const rebooking = shape({ rebooking: true });
    expect(previousStep('plot', rebooking)).toBe('leave');
    expect(previousStep('upsells', { ...rebooking, plotCount: 1 })).toBe('leave');
    expect(previousStep('customer', { ...rebooking, upsellCount: 0, days: false })).toBe('leave');
    expect(previousStep('upsells', rebooking)).toBe('plot');
  });

  it('goes back from upsells past a single plot to quantity', () => {
    expect(previousStep('upsells', shape({ plotCount: 1 }))).toBe('quantity');
    expect(previousStep('upsells', shape())).toBe('plot');
  });
});
