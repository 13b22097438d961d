/**
 * The summary's cart buttons (docs/storefront.md §4.3, decision 0196): Add
 * more on the customer step; on the other steps cancel (when there is a
 * cart order to go back to, or a change to undo) and, for a cart order
 * being changed, remove. A rebooking changes one order and has none.
 */
import type { FlowStep } from './flow-steps';

interface CartControlsInput {
  allowCart: boolean;
  rebooking: boolean;
  step: FlowStep;
  cartSize: number;
  /** The current order is a cart order opened to be changed. */
  editing: boolean;
  addMore: () => void;
  cancel: () => void;
  /** Asks whether to remove the order being changed. */
  remove: () => void;
}

export function cartControls(input: CartControlsInput) {
  const { allowCart, step, editing } = input;
  const moves = allowCart && !input.rebooking;
  return {
    onAddMore: moves && step === 'customer' ? input.addMore : undefined,
    onCancel: moves && step !== 'customer' && (input.cartSize > 0 || editing) ? input.cancel : undefined,
    editing,
    onRemove: allowCart && step !== 'customer' && editing ? input.remove : undefined,
  };
}
