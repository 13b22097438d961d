import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { KeyFacts } from './key-facts';

beforeAll(async () => {
  await initI18n('en');
});

describe('KeyFacts', () => {
  it('lists each fact under a visible label of its kind, in the given order', () => {
    render(
      <KeyFacts
        facts={[
          { kind: 'DURATION', text: 'About 90 minutes' },
          { kind: 'LOCATION', text: 'East wing, first floor' },
          { kind: 'CANCELLATION', text: 'Free cancellation up to 48 hours before' },
        ]}
      />,
    );
    const list = screen.getByRole('region', { name: 'Key facts' });
    expect(within(list).getByRole('heading', { level: 2 }).textContent).toBe('Key facts');
    const terms = within(list).getAllByRole('term');
    const definitions = within(list).getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Duration', 'Location', 'Cancellation']);
    expect(definitions.map((definition) => definition.textContent)).toEqual([
      'About 90 minutes',
      'East wing, first floor',
      'Free cancellation up to 48 hours before',
    ]);
  });

  it('keeps the icons out of the accessible text', () => {
    const { container } = render(<KeyFacts facts={[{ kind: 'AGE', text: 'From age 12' }]} />);
    const icon = container.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('term').textContent).toBe('Age');
  });

  it('renders nothing for a product without key facts', () => {
    const { container } = render(<KeyFacts facts={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
