import { QUANTITY_REPEAT_MS } from '@kassa/domain/rules/constants';
import { useEffect, useId, useRef, type PointerEvent, type ReactNode } from 'react';
import './quantity-input.css';

interface QuantityInputProps {
  /** What is counted ("Adult"); names the group and both buttons for screen readers. */
  label: string;
  value: number;
  /** Shown instead of the bare number (a price, "2.50"); the number stays the announced value. */
  display?: ReactNode;
  canDecrement: boolean;
  canIncrement: boolean;
  onDecrement: () => void;
  onIncrement: () => void;
  decrementLabel: string;
  incrementLabel: string;
  /** Extra description (an alert about the limit), tied with aria-describedby. */
  describedBy?: string;
}

type Direction = 'down' | 'up';

/**
 * A minus / value / plus stepper (docs/storefront.md §2.5). Holding a button
 * repeats its action every QUANTITY_REPEAT_MS (docs/storefront.md §9.1: 200
 * ms); a keyboard press acts once. The value sits in a live region, so each
 * change is read.
 */
export function QuantityInput(props: QuantityInputProps) {
  const id = useId();
  const latest = useRef(props);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  // The click that follows a pointer press must not act a second time.
  const pressed = useRef(false);

  useEffect(() => {
    latest.current = props;
  });

  function act(direction: Direction) {
    const current = latest.current;
    if (direction === 'up' && current.canIncrement) current.onIncrement();
    if (direction === 'down' && current.canDecrement) current.onDecrement();
  }

  function stop() {
    clearInterval(timer.current);
    timer.current = undefined;
  }

  function start(direction: Direction, event: PointerEvent<HTMLButtonElement>) {
    if (event.button !== 0) return;
    pressed.current = true;
    act(direction);
    stop();
    timer.current = setInterval(() => act(direction), QUANTITY_REPEAT_MS);
  }

  /** Leaving the button ends the press without a click to swallow. */
  function release() {
    stop();
    pressed.current = false;
  }

  function click(direction: Direction) {
    if (pressed.current) {
      pressed.current = false;
      return;
    }
    act(direction);
  }

  // A button that becomes disabled while held never sees its pointerup.
  useEffect(() => {
    if (!props.canIncrement || !props.canDecrement) stop();
  }, [props.canIncrement, props.canDecrement]);
  useEffect(() => stop, []);

  return (
    <div
      className="kassa-quantity"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={props.describedBy}
    >
      <span id={`${id}-label`} className="kassa-visually-hidden">
        {props.label}
      </span>
      <button
        type="button"
        className="kassa-quantity__button"
        aria-label={props.decrementLabel}
        disabled={!props.canDecrement}
        onPointerDown={(event) => start('down', event)}
        onPointerUp={() => stop()}
        onPointerLeave={release}
        onPointerCancel={release}
        onClick={() => click('down')}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="kassa-quantity__value" aria-live="polite" aria-atomic="true">
        {props.display ?? props.value}
      </output>
      <button
        type="button"
        className="kassa-quantity__button"
        aria-label={props.incrementLabel}
        disabled={!props.canIncrement}
        onPointerDown={(event) => start('up', event)}
        onPointerUp={() => stop()}
        onPointerLeave={release}
        onPointerCancel={release}
        onClick={() => click('up')}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
