import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { aFaq } from '@/testing/catalog-fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { markRefundSent } from '../utils/refund-sent-flag';
import { FaqPage } from './faq-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const shopFaq = aFaq({
  questions: [
    {
      question: 'When are you open?',
      answer: '<p>Daily <strong>10–17</strong>.</p><img src="x" onerror="alert(1)">',
    },
    { question: 'Can I bring a dog?', answer: 'Only guide dogs.<script>window.hacked = true</script>' },
  ],
  rebooking_allowed: true,
  rebooking_secret: 'c0fe72ac',
  phone_number: '+31 20 123 4567',
  email: 'visit@museum.example',
  whatsapp_url: 'javascript:alert(1)',
  opening_hours_url: 'https://museum.example/hours',
});

function renderFaq(answer: unknown = shopFaq, onRefundSent = vi.fn()) {
  mockApi({ '/api/faq': answer, '/api/faq/mail': { ok: true } });
  renderPage('/faq', '/faq', <FaqPage onRefundSent={onRefundSent} />);
  return onRefundSent;
}

describe('FaqPage', () => {
  it('shows the questions as an accordion with sanitised answers', async () => {
    renderFaq();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeVisible();
    const question = screen.getByRole('button', { name: 'When are you open?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');

    const answer = screen.getByRole('region', { name: 'When are you open?' });
    expect(within(answer).getByText('10–17').tagName).toBe('STRONG');
    expect(answer.querySelector('img')).not.toHaveAttribute('onerror');
    await userEvent.click(screen.getByRole('button', { name: 'Can I bring a dog?' }));
    expect(screen.getByRole('region', { name: 'Can I bring a dog?' }).querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('offers refund, rebook and contact cards with their illustrations', async () => {
    renderFaq();
    const support = await screen.findByRole('region', { name: 'Need more help?' });
    expect(
      within(support)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Cancel or get a refund', 'Change your booking', 'Contact us']);
    expect(within(support).getByRole('link', { name: 'Rebook' })).toHaveAttribute('href', '/rebook/c0fe72ac');
    const pictures = support.querySelectorAll('img');
    expect([...pictures].map((img) => img.getAttribute('src'))).toEqual([
      '/illustrations/refund.svg',
      '/illustrations/rebook.svg',
      '/illustrations/contact.svg',
    ]);
    // Decorative: the card's heading and text already say it all.
    for (const picture of pictures) expect(picture).toHaveAttribute('alt', '');
  });

  it('leaves out the rebook card when the shop does not allow rebooking', async () => {
    renderFaq({ ...shopFaq, rebooking_allowed: false });
    await screen.findByRole('region', { name: 'Need more help?' });
    expect(screen.queryByRole('link', { name: 'Rebook' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a refund' })).toBeVisible();
  });

  it('lists only the usable contact details and returns focus when closed', async () => {
    renderFaq();
    const opener = await screen.findByRole('button', { name: 'Show contact details' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Contact us' });
    expect(within(dialog).getByRole('link', { name: '+31 20 123 4567' })).toHaveAttribute(
      'href',
      'tel:+31201234567',
    );
    expect(within(dialog).getByRole('link', { name: 'visit@museum.example' })).toHaveAttribute(
      'href',
      'mailto:visit@museum.example',
    );
    expect(within(dialog).getByRole('link', { name: /See our opening hours/ })).toHaveAttribute(
      'href',
      'https://museum.example/hours',
    );
    // A javascript: WhatsApp URL never becomes a link.
    expect(within(dialog).queryByText('WhatsApp')).toBeNull();
    expect(within(dialog).getAllByRole('link')).toHaveLength(3);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('hides the contact card when the shop gave no contact details', async () => {
    renderFaq({ ...shopFaq, phone_number: null, email: null, whatsapp_url: null, opening_hours_url: null });
    await screen.findByRole('region', { name: 'Need more help?' });
    expect(screen.queryByRole('button', { name: 'Show contact details' })).toBeNull();
  });

  it('opens the refund form in a modal, focused on its first field, and reports a sent request', async () => {
    const onRefundSent = renderFaq();
    await userEvent.click(await screen.findByRole('button', { name: 'Request a refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancellation or refund request' });
    expect(within(dialog).getByRole('textbox', { name: /^First name/ })).toHaveFocus();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Anna');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Bos');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'anna@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Order number/ }), '77');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(onRefundSent).toHaveBeenCalledTimes(1));
  });

  it('opens the refund form at once, filled in with the order, when an order page sent the visitor to ask (decision 0259)', async () => {
    mockApi({ '/api/faq': shopFaq, '/api/faq/mail': { ok: true } });
    renderPage(
      '/faq?request=1&order=48210937563&email=bo%40acme.example',
      '/faq',
      <FaqPage onRefundSent={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancellation or refund request' });
    expect(within(dialog).getByRole('textbox', { name: /^Order number/ })).toHaveValue('48210937563');
    expect(within(dialog).getByRole('textbox', { name: /^E-mail/ })).toHaveValue('bo@acme.example');
    expect(within(dialog).getByRole('textbox', { name: /^First name/ })).toHaveValue('');
  });

  it('thanks the visitor once after the reload that follows a sent request', async () => {
    markRefundSent();
    renderFaq();
    const notice = await screen.findByText(/your request has been sent/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(sessionStorage.getItem('kassa.faq.refund-sent')).toBeNull();
  });

  it('sends the visitor to /404 when the shop has no FAQ', async () => {
    renderFaq({ ...shopFaq, faq_enabled: false });
    expect(await screen.findByTestId('location')).toHaveTextContent('/404');
  });

  it('shows an empty FAQ, not a crash, when the FAQ cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFaq({ status: 500, body: { ok: false, error: { code: 'INTERNAL_ERROR' } } });
    expect(await screen.findByText(/There are no questions here yet/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request a refund' })).toBeVisible();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
