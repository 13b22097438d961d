import type { CreateOrderInput } from '@kassa/domain/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createOrder } from '../api/create-order';

/** Typing in the form changes the body on every key: wait for a pause before asking. */
const SETTLE_MS = 400;

/**
 * Whether the order goes on invoice, learned by a simulated POST /api/orders
 * (spec §4 Order submission). The answer is cached per request body, so it
 * holds until the order changes; a failed simulation counts as not on
 * invoice. `settled` is false while a simulation for the current body is due.
 */
export function useOrderSimulation(body: CreateOrderInput | null): { onInvoice: boolean; settled: boolean } {
  const json = body ? JSON.stringify(body) : null;
  const [asked, setAsked] = useState(json);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(json), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [json]);

  const simulation = useQuery({
    queryKey: ['order-simulation', asked],
    queryFn: async () => {
      try {
        const answers = await createOrder(JSON.parse(asked ?? '{}') as CreateOrderInput);
        return answers.some((answer) => answer.invoice);
      } catch {
        return false;
      }
    },
    enabled: asked !== null,
    staleTime: Infinity,
    retry: false,
  });
  return {
    onInvoice: simulation.data === true,
    settled: json !== null && asked === json && !simulation.isPending && !simulation.isFetching,
  };
}
