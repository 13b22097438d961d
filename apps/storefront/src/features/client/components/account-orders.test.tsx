import type { ClientAccount } from '@kassa/domain/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { AccountOrders } from './account-orders';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const order = (values: Partial<ClientAccount['orders'][number]>): ClientAccount['orders'][number] => ({
  reference: '48210937563',
  hash: 'hash-paid',
  kind: 'PRODUCT',
  status: 'PAID',
  created_at: '2026-05-01T10:00:00Z',
  title: 'Museum admission',
  total: 35.95,
  tickets: true,
  rebook: null,
  withdraw: null,
  ...values,
});

describe("My account's orders", () => {
  it("links a paid order with tickets to its page's cancel panel (decision 0259), and no other", async () => {
    const account = {
      subscriptions: [],
      orders: [order({}), order({ reference: '48210937564', hash: 'hash-cancelled', status: 'CANCELLED' })],
    };
    mockApi({ '/api/client/account': account });
    renderPage('/client/account', '/client/account', <AccountOrders />);
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0]!).getByRole('link', { name: 'Cancel tickets' })).toHaveAttribute(
      'href',
      '/checkout/return/hash-paid?cancel=1',
    );
    expect(within(cards[1]!).queryByRole('link', { name: 'Cancel tickets' })).toBeNull();
  });

  it('links voucher and pass orders still withdrawable to their withdrawal page (decision 0254), and no other', async () => {
    const account = {
      subscriptions: [],
      orders: [
        order({
          reference: '48210937565',
          hash: 'hash-pass',
          kind: 'SUBSCRIPTION',
          title: 'Year pass',
          tickets: false,
          withdraw: '/withdraw/hash-pass',
        }),
        order({
          reference: '48210937566',
          hash: 'hash-voucher',
          kind: 'VOUCHER',
          title: '',
          tickets: false,
          withdraw: '/withdraw/hash-voucher',
        }),
        order({ reference: '48210937567', hash: 'hash-late', kind: 'VOUCHER', title: '', tickets: false }),
        order({}),
      ],
    };
    mockApi({ '/api/client/account': account });
    renderPage('/client/account', '/client/account', <AccountOrders />);
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0]!).getByRole('link', { name: 'Withdraw from contract' })).toHaveAttribute(
      'href',
      '/withdraw/hash-pass',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Withdraw from contract' })).toHaveAttribute(
      'href',
      '/withdraw/hash-voucher',
    );
    expect(within(cards[2]!).queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
    expect(within(cards[3]!).queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
  });
});
