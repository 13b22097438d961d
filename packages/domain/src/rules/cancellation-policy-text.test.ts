import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from './cancellation-policy.ts';
import { cancellationFactText, cancellationFactTexts } from './cancellation-policy-text.ts';

const demo: CancellationPolicy = { freeUntilHours: 48, tiers: [], refundTo: 'original' };

describe('cancellationFactText', () => {
  it('states the demo’s 48-hour promise from the policy in five languages', () => {
    expect(cancellationFactTexts(demo)).toEqual({
      en: 'Free cancellation up to 48 hours before your visit; no cancellation after that. Refund to your original payment.',
      nl: 'Gratis annuleren tot 48 uur voor je bezoek; daarna niet meer annuleren. Geld terug op je oorspronkelijke betaling.',
      es: 'Cancelación gratuita hasta 48 horas antes de tu visita; después no se puede cancelar. Reembolso a tu forma de pago original.',
      de: 'Kostenlos stornierbar bis 48 Stunden vor Ihrem Besuch; danach keine Stornierung mehr. Erstattung auf Ihre ursprüngliche Zahlung.',
      fr: 'Annulation gratuite jusqu’à 48 heures avant la visite ; plus d’annulation ensuite. Remboursement sur votre paiement d’origine.',
    });
  });

  it('names every fee tier and the voucher bonus', () => {
    const policy: CancellationPolicy = {
      freeUntilHours: 72,
      tiers: [
        { untilHours: 24, feePercent: 50 },
        { untilHours: 2, feePercent: 80 },
      ],
      refundTo: 'choice',
      voucherBonusPercent: 10,
    };
    expect(cancellationFactText(policy, 'en')).toBe(
      'Free cancellation up to 72 hours before your visit; 50 % fee until 24 hours before; 80 % fee until 2 hours before; no cancellation after that. Refund to your payment or as a voucher worth 10 % more.',
    );
    for (const text of Object.values(cancellationFactTexts(policy))) {
      expect(text).toContain('72');
      expect(text).toContain('80');
      expect(text).toContain('10');
    }
  });

  it('free until the start says so and claims no cut-off', () => {
    expect(cancellationFactText({ freeUntilHours: 0, tiers: [], refundTo: 'voucher' }, 'de')).toBe(
      'Kostenlos stornierbar bis zum Beginn Ihres Besuchs. Erstattung als Gutschein.',
    );
  });
});
