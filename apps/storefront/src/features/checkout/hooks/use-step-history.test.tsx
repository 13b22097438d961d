import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from '@/lib/router/router';
import { describe, expect, it } from 'vitest';
import { searchForStep, stepInSearch, useStepHistory } from './use-step-history';

type Step = 'quantity' | 'extras' | 'customer';
const STEPS: Step[] = ['quantity', 'extras', 'customer'];

function Flow({ ready }: { ready: boolean }) {
  const [step, setStep] = useState<Step>('quantity');
  const history = useStepHistory<Step>({
    step,
    steps: STEPS,
    apply: setStep,
    allowed: (key) => key === 'quantity' || ready,
  });
  const location = useLocation();
  const index = STEPS.indexOf(step);
  return (
    <div>
      <h2>{step}</h2>
      <p data-testid="url">{location.search}</p>
      <button type="button" onClick={() => setStep(STEPS[index + 1] ?? step)}>
        Continue
      </button>
      <button type="button" onClick={() => history.back(STEPS[index - 1] ?? step)}>
        Back
      </button>
    </div>
  );
}

/** Back and Forward as the browser's buttons would do them. */
const router = { navigate: (async () => {}) as (delta: number) => Promise<void> };

function BrowserButtons() {
  const navigate: NavigateFunction = useNavigate();
  useEffect(() => {
    router.navigate = async (delta) => navigate(delta);
  });
  return null;
}

function renderFlow(url: string, ready = true) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <BrowserButtons />
      <Routes>
        <Route path="/product/:id" element={<Flow ready={ready} />} />
      </Routes>
    </MemoryRouter>,
  );
  return router;
}

describe('useStepHistory', () => {
  it('gives an arrival URL the flow step, and makes each step a history entry', async () => {
    const router = renderFlow('/product/1?plot=9');
    expect(await screen.findByTestId('url')).toHaveTextContent('?plot=9&step=quantity');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading')).toHaveTextContent('customer');
    expect(screen.getByTestId('url')).toHaveTextContent('?plot=9&step=customer');

    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading')).toHaveTextContent('extras');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading')).toHaveTextContent('quantity');
    await act(() => router.navigate(1));
    expect(screen.getByRole('heading')).toHaveTextContent('extras');
    await act(() => router.navigate(1));
    expect(screen.getByRole('heading')).toHaveTextContent('customer');
  });

  it('the in-page Back is the browser Back when the entry before is that step, so Forward still works', async () => {
    const router = renderFlow('/product/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading')).toHaveTextContent('quantity');
    await act(() => router.navigate(1));
    expect(screen.getByRole('heading')).toHaveTextContent('extras');
  });

  it('corrects a URL naming a step the flow is not ready for', async () => {
    renderFlow('/product/1?step=customer', false);
    expect(await screen.findByTestId('url')).toHaveTextContent('?step=quantity');
    expect(screen.getByRole('heading')).toHaveTextContent('quantity');
  });

  it('reads and writes the step parameter, keeping the others', () => {
    expect(stepInSearch('?plot=3&step=plot')).toBe('plot');
    expect(stepInSearch('')).toBeNull();
    expect(searchForStep('?plot=3', 'customer')).toBe('?plot=3&step=customer');
    expect(searchForStep('?step=plot', 'customer')).toBe('?step=customer');
  });
});
