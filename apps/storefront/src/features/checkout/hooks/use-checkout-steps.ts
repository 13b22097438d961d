import { useState } from 'react';
import { useStepHistory } from './use-step-history';

interface CheckoutStepsOptions<S extends string> {
  /** The flow's steps in order (the hand-off, checkout, is none of them). */
  steps: readonly S[];
  /** Where the flow starts; the first step unless a step passes by itself (a converted booking's values). */
  initial?: S;
  /** Whether a step's earlier steps are done, so Back, Forward and the address never skip one. */
  allowed: (step: S) => boolean;
  /** Back from the first step: the flow is left (docs/storefront.md §4.4, §4.5). */
  leave: () => void;
}

/**
 * The steps of a flow that keeps its order in its component (the
 * subscription and voucher flows): the step in the address (decision 0144),
 * Continue to the next step and Back to the one before, or out of the flow.
 * The product flow keeps its step with its order in the session and uses
 * useStepHistory itself.
 */
export function useCheckoutSteps<S extends string>({
  steps,
  initial,
  allowed,
  leave,
}: CheckoutStepsOptions<S>) {
  const [step, setStep] = useState<S>(() => initial ?? steps[0]!);
  const history = useStepHistory<S>({ step, steps, apply: setStep, allowed });
  const index = steps.indexOf(step);
  return {
    step,
    next() {
      setStep(steps[index + 1] ?? step);
    },
    back() {
      const previous = index > 0 ? steps[index - 1] : undefined;
      if (previous === undefined) leave();
      else history.back(previous);
    },
  };
}
