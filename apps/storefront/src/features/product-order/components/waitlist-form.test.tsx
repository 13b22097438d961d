import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { WaitlistForm } from './waitlist-form';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('joining the waiting list of a full slot (decision 0252)', () => {
  it('sends the address, the places and the language, and says where the news will go', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, {
        ok: true,
        response: { entry: { plotId: 7, quantity: 3, email: 'a@b.test', status: 'WAITING' } },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<WaitlistForm productId={5} plotId={7} quantity={2} />);
    expect(screen.getByRole('form', { name: 'Join the waiting list' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'a@b.test');
    await userEvent.selectOptions(screen.getByLabelText('Number of places'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await screen.findByText('You are on the waiting list. We will write to a@b.test when places come free.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/products\/5\/waitlist/);
    expect(JSON.parse(String(init.body))).toEqual({
      plotId: 7,
      quantity: 3,
      email: 'a@b.test',
      language: 'en',
    });
  });

  it('translates a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { ok: false, error: { code: 'PLOT_NOT_FULL', message: 'x' } })),
    );
    render(<WaitlistForm productId={5} plotId={7} />);
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'a@b.test');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There are places left: book them instead.');
  });
});
