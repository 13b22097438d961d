import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import type { DoorAnswer } from '../hooks/use-door';
import { loadStaffTexts } from '../hooks/use-staff-text';
import { ScanAnswer } from './scan-answer';

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
});

function valid(handedOut: boolean): DoorAnswer {
  return {
    result: 'VALID',
    admission_id: null,
    undo_until: null,
    pass: null,
    admitted: null,
    rebooked_to: null,
    offline: false,
    ticket: {
      order: '4821 0937 563',
      item: 0,
      product: 'Zoo day',
      audience: 'Adult',
      date: null,
      start: null,
      end: null,
      upsells: [{ title: 'Parking', quantity: 1 }],
      upsells_handed_out: handedOut,
      order_admitted: handedOut ? 2 : 1,
      order_tickets: 4,
    },
  };
}

/** An order's extras are handed out with its first ticket only (decision 0185). */
describe('the door says what to hand out', () => {
  it('says "Hand out: 1 × Parking" on the first ticket of the order, with the public order number', () => {
    render(<ScanAnswer answer={valid(false)} onNext={() => {}} />);
    expect(screen.getByText('Hand out')).toBeVisible();
    expect(screen.getByText('1 × Parking')).toBeVisible();
    expect(screen.getByText('Order 4821 0937 563')).toBeVisible();
  });

  it('says the extras were handed out already on a later ticket of the order', () => {
    render(<ScanAnswer answer={valid(true)} onNext={() => {}} />);
    expect(screen.queryByText('Hand out')).toBeNull();
    expect(screen.getByText('Handed out with an earlier ticket of this order: 1 × Parking')).toBeVisible();
  });
});
