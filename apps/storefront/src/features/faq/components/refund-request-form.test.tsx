import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { RefundRequestForm } from './refund-request-form';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(answers: Parameters<typeof mockApi>[0] = { '/api/faq/mail': { ok: true } }) {
  const fetchMock = mockApi(answers);
  const onSent = vi.fn();
  renderPage('/faq', '/faq', <RefundRequestForm onSent={onSent} onCancel={() => {}} />);
  return { fetchMock, onSent };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function fillValid() {
  await userEvent.type(field('First name'), 'Anna');
  await userEvent.type(field('Last name'), 'de Boer');
  await userEvent.type(field('E-mail address'), 'anna@example.com');
  await userEvent.type(field('Order number'), '10234');
}

describe('RefundRequestForm', () => {
  it('sends nothing while fields are invalid, marks each one and moves focus to the first', async () => {
    const { fetchMock, onSent } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    for (const [name, message] of [
      ['First name', 'Enter your first name.'],
      ['Last name', 'Enter your last name.'],
      ['E-mail address', 'Enter your e-mail address.'],
      ['Order number', 'Enter your order number.'],
    ] as const) {
      const input = field(name);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveClass('kassa-field__control--invalid');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(field('Comment')).not.toHaveAttribute('aria-invalid');
    expect(field('First name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail and order number with their own messages (shared rules)', async () => {
    const { fetchMock } = renderForm();
    await fillValid();
    await userEvent.clear(field('E-mail address'));
    await userEvent.type(field('E-mail address'), 'anna@example');
    await userEvent.clear(field('Order number'));
    await userEvent.type(field('Order number'), '10234.567');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(field('E-mail address')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid e-mail'),
    );
    expect(field('Order number')).toHaveAccessibleDescription(expect.stringContaining('digits only'));
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
    expect(field('E-mail address')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing a field clears its mark as the visitor types.
    await userEvent.clear(field('Order number'));
    await userEvent.type(field('Order number'), '10234,50');
    expect(field('Order number')).not.toHaveAttribute('aria-invalid');
  });

  it('posts the form with the e-mail as adress and reports the acceptance', async () => {
    const { fetchMock, onSent } = renderForm();
    await fillValid();
    await userEvent.type(field('Comment'), 'Ill, cannot come.');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/faq/mail');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      first_name: 'Anna',
      last_name: 'de Boer',
      adress: 'anna@example.com',
      order_number: '10234',
      comment: 'Ill, cannot come.',
    });
  });

  it('hints the order number in the format the shop prints it, and accepts it typed that way', async () => {
    const { fetchMock, onSent } = renderForm();
    const input = field('Order number');
    expect(input).toHaveAccessibleDescription(expect.stringMatching(/\b\d{4} \d{4} \d{3}\b/));
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining('10234'));
    await fillValid();
    await userEvent.clear(input);
    await userEvent.type(input, '6857 4218 402');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(input).not.toHaveAttribute('aria-invalid');
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      order_number: '6857 4218 402',
    });
  });

  it('sends an empty comment as null', async () => {
    const { fetchMock, onSent } = renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ comment: null });
  });

  it('shows a refusal of the server translated, and stays open', async () => {
    const { onSent } = renderForm({
      '/api/faq/mail': {
        status: 429,
        body: { ok: false, error: { code: 'RATE_LIMITED', message: 'Slow down' } },
      },
    });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });
});
