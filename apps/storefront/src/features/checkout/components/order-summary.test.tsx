import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { OrderSummary, type OrderSummaryProps } from './order-summary';

beforeAll(async () => {
  await initI18n('en');
});

const base: OrderSummaryProps = {
  current: {
    title: 'Museum admission',
    when: null,
    lines: [{ label: 'Adult', quantity: 1, amountCents: 1750 }],
    subtotalCents: 1750,
  },
  totals: null,
  onInvoice: false,
  coupons: [],
  pay: { onClick: vi.fn(), disabled: false, loading: false },
};

describe('OrderSummary totals (decision 0147)', () => {
  it('shows no total while the server’s price is calculated, only that it is coming', () => {
    render(<OrderSummary {...base} pricing="pending" />);
    expect(screen.getAllByText('Calculating the price…').length).toBeGreaterThan(0);
    const summary = screen.getByRole('complementary');
    expect(summary.querySelector('.kassa-summary__totals')).toBeNull();
    expect(summary.querySelector('.kassa-paybar strong')).toBeNull();
  });

  it('shows the server’s total, with a redeemed subscription as its own line', () => {
    render(
      <OrderSummary
        {...base}
        pricing="done"
        totals={{ subtotalCents: 0, discountCents: 0, additionsCents: 0, totalCents: 0 }}
        redeemedCents={1750}
      />,
    );
    const totals = screen.getByRole('complementary').querySelector('.kassa-summary__totals') as HTMLElement;
    expect(within(totals).getByText('Paid with your subscription')).toBeInTheDocument();
    expect(totals.querySelector('.kassa-summary__row--total dd')).toHaveTextContent('€0.00');
  });

  it('says what a coupon discounts beside its code', () => {
    render(
      <OrderSummary
        {...base}
        pricing="done"
        totals={{ subtotalCents: 3900, discountCents: 390, additionsCents: 95, totalCents: 3605 }}
        coupons={['WELCOME10']}
        couponScopes={{ WELCOME10: '10% off tickets (not extras)' }}
      />,
    );
    expect(screen.getByText('WELCOME10: 10% off tickets (not extras)')).toBeInTheDocument();
  });
});
