import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Typing in the form changes the body on every key: wait for a pause before asking. */
const SETTLE_MS = 400;

/**
 * Whether the order goes on invoice, learned by a simulated submission of
 * its kind (spec §4 Order submission). The answer is cached per request
 * body, so it holds until the order changes; a failed simulation counts as
 * not on invoice. `settled` is false while a simulation for the current
 * body is due. `kind` keeps each order kind's answers apart.
 */
export function useOrderSimulation<Body>(
  kind: string,
  body: Body | null,
  simulate: (body: Body) => Promise<boolean>,
): { onInvoice: boolean; settled: boolean } {
  const json = body ? JSON.stringify(body) : null;
  const [asked, setAsked] = useState(json);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(json), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [json]);

  const simulation = useQuery({
    queryKey: ['order-simulation', kind, asked],
    queryFn: async () => {
      try {
        return await simulate(JSON.parse(asked ?? '{}') as Body);
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
