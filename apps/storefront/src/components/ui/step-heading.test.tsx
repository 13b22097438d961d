import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepHeading } from './step-heading';

describe('StepHeading', () => {
  it('leaves focus alone on the first step shown, and takes it on every step change', () => {
    const { rerender } = render(
      <StepHeading id="step" step="quantity">
        Tickets
      </StepHeading>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Tickets' });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).not.toHaveFocus();
    rerender(
      <StepHeading id="step" step="upsells">
        Extras
      </StepHeading>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Extras' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    rerender(
      <StepHeading id="step" step="quantity">
        Tickets
      </StepHeading>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Tickets' })).toHaveFocus();
  });
});
