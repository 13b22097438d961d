/**
 * Puts a flow's steps in the browser history (decision 0144): each step is
 * the `step` search parameter of the flow's URL (a URL without one is an
 * arrival, and gets the step the flow's own state is at), so Back and Forward move
 * between steps, and a reload stays on the step. The flow keeps its own
 * state (the product flow's session store, a component's useState); this
 * hook only mirrors it into the URL and applies a URL the browser moved to.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@/lib/router/router';

const PARAM = 'step';

interface StepHistoryOptions<S extends string> {
  /** The step the flow is at now. */
  step: S;
  /** The flow's steps a URL may name. */
  steps: readonly S[];
  /** Moves the flow to a step the browser went to (Back, Forward, a reload). */
  apply: (step: S) => void;
  /** Whether the flow can show `step` now (its earlier steps are done); a URL naming another is corrected. */
  allowed: (step: S) => boolean;
  /**
   * False while the flow has no state of its own yet (the product flow before
   * its order is in the store) or is on its way to another page: the URL is
   * then left alone.
   */
  active?: boolean;
}

interface HistoryState {
  kassaStepFrom?: string;
}

/** The step a URL's search names, or null on arrival (the flow's own state says where it is). */
export function stepInSearch(search: string): string | null {
  return new URLSearchParams(search).get(PARAM);
}

/** The search of the flow's URL at `step`, keeping every other parameter (a calendar's plot). */
export function searchForStep(search: string, step: string): string {
  const params = new URLSearchParams(search);
  params.set(PARAM, step);
  return `?${params.toString()}`;
}

export function useStepHistory<S extends string>({
  step,
  steps,
  apply,
  allowed,
  active = true,
}: StepHistoryOptions<S>) {
  const location = useLocation();
  const navigate = useNavigate();
  const urlStep = stepInSearch(location.search);
  const latest = useRef({ step, steps, apply, allowed, location });
  // Declared first, so the effects below (and handlers) read this render's values.
  useEffect(() => {
    latest.current = { step, steps, apply, allowed, location };
  });
  const replaceNext = useRef(false);
  // The flow's step as last matched with the URL: a change from it is a move of the flow's own.
  const seen = useRef<S | null>(null);
  // Steps this hook wrote that the URL has not shown yet: their arrival is an echo, not a browser move.
  const echoes = useRef<string[]>([]);

  /**
   * A new entry remembers the step it was pushed from (what the in-page Back
   * compares with); a replaced one keeps what the entry knew.
   */
  function write(target: S, replace: boolean, from: string | undefined) {
    const at = latest.current.location;
    const search = searchForStep(at.search, target);
    const state: unknown = replace ? at.state : ({ kassaStepFrom: from } satisfies HistoryState);
    echoes.current.push(target);
    void navigate({ pathname: at.pathname, search, hash: at.hash }, { replace, state });
  }

  // The browser moved (Back, Forward) or the page opened at a URL: the flow follows when it can.
  useEffect(() => {
    if (!active) {
      seen.current = null;
      return;
    }
    const { step: now, steps: all, apply: go, allowed: can } = latest.current;
    seen.current = now;
    const echo = urlStep === null ? -1 : echoes.current.indexOf(urlStep);
    if (echo >= 0) {
      // Our own write landing (maybe after the flow moved on again): nothing to follow.
      echoes.current.splice(0, echo + 1);
      return;
    }
    const wanted = urlStep as S | null;
    if (wanted === now) return;
    // A URL without a step is an arrival: it is given the flow's step, as is one naming a step not open yet.
    if (wanted !== null && all.includes(wanted) && can(wanted)) go(wanted);
    else write(now, true, undefined);
    // Only the URL's step (and the flow becoming active) call for this; the rest is read fresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlStep, active]);

  // The flow moved (Continue, Back, a cart move): a new history entry, unless told to replace.
  useEffect(() => {
    if (!active || seen.current === null || seen.current === step) return;
    seen.current = step;
    const current = latest.current;
    const shown = stepInSearch(current.location.search);
    if (shown === step) return;
    const replace = replaceNext.current;
    replaceNext.current = false;
    write(step, replace, shown ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, active]);

  return {
    /** The next move replaces the current history entry (a step passed by itself, such as a single plot). */
    replaceNext() {
      replaceNext.current = true;
    },
    /**
     * The in-page Back: the browser's Back when the entry before is that step
     * (so Forward works after it), else a move to it.
     */
    back(previous: S) {
      const state = latest.current.location.state as HistoryState | null;
      if (state?.kassaStepFrom === previous) void navigate(-1);
      else apply(previous);
    },
  };
}
