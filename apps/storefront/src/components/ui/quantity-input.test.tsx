import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuantityInput } from './quantity-input';

function Harness({ max = 10 }: { max?: number }) {
  const [value, setValue] = useState(1);
  return (
    <QuantityInput
      label="Adult"
      value={value}
      canDecrement={value > 0}
      canIncrement={value < max}
      onDecrement={() => setValue((current) => current - 1)}
      onIncrement={() => setValue((current) => current + 1)}
      decrementLabel="One fewer: Adult"
      incrementLabel="One more: Adult"
    />
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const value = () => screen.getByRole('group', { name: 'Adult' }).querySelector('output')?.textContent;

describe('QuantityInput', () => {
  it('is a labelled group with named buttons and the value in a live region', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'One more: Adult' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1');
  });

  it('repeats every 200 ms while plus is held, and stops on release', () => {
    render(<Harness />);
    const plus = screen.getByRole('button', { name: 'One more: Adult' });
    fireEvent.pointerDown(plus, { button: 0 });
    expect(value()).toBe('2');
    act(() => vi.advanceTimersByTime(199));
    expect(value()).toBe('2');
    act(() => vi.advanceTimersByTime(1));
    expect(value()).toBe('3');
    act(() => vi.advanceTimersByTime(200));
    expect(value()).toBe('4');
    fireEvent.pointerUp(plus);
    fireEvent.click(plus); // the click that ends a press does not add another
    act(() => vi.advanceTimersByTime(1000));
    expect(value()).toBe('4');
  });

  it('stops repeating at the limit', () => {
    render(<Harness max={3} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'One more: Adult' }), { button: 0 });
    // One tick at a time: the page renders between ticks, as it does in a browser.
    for (let tick = 0; tick < 10; tick += 1) act(() => vi.advanceTimersByTime(200));
    expect(value()).toBe('3');
    expect(screen.getByRole('button', { name: 'One more: Adult' })).toBeDisabled();
  });

  it('a press that slides off the button leaves the next keyboard click alone', () => {
    render(<Harness />);
    const plus = screen.getByRole('button', { name: 'One more: Adult' });
    fireEvent.pointerDown(plus, { button: 0 });
    fireEvent.pointerLeave(plus);
    expect(value()).toBe('2');
    fireEvent.click(plus);
    expect(value()).toBe('3');
  });

  it('acts once per keyboard click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'One fewer: Adult' }));
    expect(value()).toBe('0');
  });
});
