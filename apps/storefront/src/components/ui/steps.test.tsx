import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { Steps } from './steps';

beforeAll(async () => {
  await initI18n('en');
});

const steps = [
  { key: 'quantity', label: 'Tickets' },
  { key: 'plot', label: 'Date and time' },
  { key: 'upsells', label: 'Extras' },
  { key: 'customer', label: 'Your details' },
];

describe('Steps', () => {
  it('marks the current step for screen readers and writes the short form for a phone', () => {
    const { container } = render(<Steps steps={steps} current="upsells" label="Order steps" />);
    const nav = screen.getByRole('navigation', { name: 'Order steps' });
    expect(nav.querySelector('[aria-current="step"]')).toHaveTextContent('Extras');
    const compact = container.querySelector('.kassa-steps__compact');
    expect(compact).toHaveAttribute('aria-hidden', 'true');
    expect(compact).toHaveTextContent('Step 3 of 4 · Extras');
    expect(container.querySelector<HTMLElement>('.kassa-steps__bar span')?.style.width).toBe('75%');
  });
});
