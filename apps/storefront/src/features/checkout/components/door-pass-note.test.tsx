import type { Client } from '@kassa/domain/contract/client';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '@/lib/i18n';
import { DoorPassNote } from './door-pass-note';

beforeAll(async () => {
  await initI18n('en');
});

type Pass = Client['subscriptions'][number];
const pass = (title: string, redeem: Pass['redeem'], products: number[]): Pass => ({
  id: title.length,
  token: `token-${title}`,
  type: redeem === 'AT_DOOR' ? 'PHYSICAL' : 'ONLINE',
  redeem,
  available_redemptions: -1,
  subscription: { id: 1, title, products, redemptions: -1, expiration: { date: '2027-01-01' } },
});

describe('DoorPassNote', () => {
  it('tells the holder of a pass shown at the door that covers the product to show it there', () => {
    render(<DoorPassNote subscriptions={[pass('Museum year pass', 'AT_DOOR', [1, 2])]} productId={1} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your Museum year pass covers entry: show it at the door. It cannot be used to pay online.',
    );
  });

  it('says nothing for a pass that pays online, or one that does not cover the product', () => {
    const { container } = render(
      <DoorPassNote
        subscriptions={[pass('Ten-visit card', 'ONLINE', [1]), pass('Zoo pass', 'AT_DOOR', [9])]}
        productId={1}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks the visitor’s language', async () => {
    await changeLanguage('es');
    try {
      render(<DoorPassNote subscriptions={[pass('Pase anual del museo', 'AT_DOOR', [1])]} productId={1} />);
      expect(screen.getByRole('status')).toHaveTextContent(
        'Tu abono «Pase anual del museo» incluye la entrada: muéstralo en la puerta.',
      );
    } finally {
      await changeLanguage('en');
    }
  });
});
