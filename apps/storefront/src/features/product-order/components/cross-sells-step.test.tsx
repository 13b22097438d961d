import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { aProduct } from '@/testing/catalog-fixtures';
import { CrossSellsStep } from './cross-sells-step';

beforeAll(async () => {
  await initI18n('en');
});

const long = 'A'.repeat(95) + ' and then some more words to pass the limit';
const cruise = aProduct({ id: 2, title: 'Canal cruise', description: long });
const zoo = aProduct({ id: 3, title: 'Zoo day', description: 'A short one.' });

describe('CrossSellsStep', () => {
  it('collapses descriptions beyond 100 characters behind read more', async () => {
    render(<CrossSellsStep crossSells={[cruise, zoo]} onChoose={vi.fn()} />);
    expect(screen.getByText(`${'A'.repeat(95)} and…`)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Read more' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('hands the chosen product on', async () => {
    const onChoose = vi.fn();
    render(<CrossSellsStep crossSells={[cruise, zoo]} onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to my order: Zoo day' }));
    expect(onChoose).toHaveBeenCalledWith(zoo);
  });
});
