import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const items = [
  { title: 'Can I bring a pram?', content: 'Yes, every gallery has a lift.' },
  { title: 'Is there a cloakroom?', content: 'Free lockers by the entrance.' },
];

describe('Accordion', () => {
  it('starts closed, with each question a button that controls its answer region', () => {
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'Can I bring a pram?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first.closest('h3')).not.toBeNull();
    const answer = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(answer).not.toBeVisible();
  });

  it('opens and closes answers independently', async () => {
    render(<Accordion items={items} headingLevel={2} />);
    const first = screen.getByRole('button', { name: 'Can I bring a pram?' });
    const second = screen.getByRole('button', { name: 'Is there a cloakroom?' });
    await userEvent.click(first);
    await userEvent.click(second);
    expect(screen.getByRole('region', { name: 'Can I bring a pram?' })).toHaveTextContent(
      'every gallery has a lift',
    );
    expect(screen.getByRole('region', { name: 'Is there a cloakroom?' })).toBeVisible();
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Can I bring a pram?' })).toBeNull();
    expect(second).toHaveAttribute('aria-expanded', 'true');
  });
});
