import { describe, expect, it, vi } from 'vitest';
import { createTexts, type FixedT } from './texts';

/** A small dictionary with what the shop's use: nesting, placeholders, plural forms. */
function shopTexts(language = 'en') {
  const texts = createTexts(language);
  texts.addResourceBundle('en', 'translation', {
    cart: { title: 'Cart', items_one: '{{count}} ticket', items_other: '{{count}} tickets', empty_zero: 'none' },
    greeting: 'Hello {{name}}, {{name}}!',
    only_en: 'English only',
  });
  texts.addResourceBundle('fr', 'translation', {
    cart: { title: 'Panier', items_one: '{{count}} billet', items_other: '{{count}} billets' },
    greeting: 'Bonjour {{name}}',
  });
  texts.addResourceBundle('en', 'staff', { orders: { title: 'Orders' } });
  return texts;
}

describe('texts (decision 0273)', () => {
  it('reads nested keys and fills every placeholder', () => {
    const t: FixedT = shopTexts().getFixedT('en');
    expect(t('cart.title')).toBe('Cart');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada, Ada!');
  });

  it('picks the plural form by count with the language’s rules (French counts 0 as one)', () => {
    const texts = shopTexts();
    expect(texts.getFixedT('en')('cart.items', { count: 1 })).toBe('1 ticket');
    expect(texts.getFixedT('en')('cart.items', { count: 0 })).toBe('0 tickets');
    expect(texts.getFixedT('fr')('cart.items', { count: 0 })).toBe('0 billet');
    expect(texts.getFixedT('fr')('cart.items', { count: 2 })).toBe('2 billets');
    // A count of 0 uses a `_zero` text when there is one.
    expect(texts.getFixedT('en')('cart.empty', { count: 0 })).toBe('none');
  });

  it('leaves a placeholder without a value as it is, and writes null as nothing', () => {
    const t = shopTexts().getFixedT('en');
    expect(t('greeting')).toBe('Hello {{name}}, {{name}}!');
    expect(t('greeting', { name: null })).toBe('Hello , !');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    const t = shopTexts().getFixedT('fr');
    expect(t('only_en')).toBe('English only');
    expect(t('nowhere', { defaultValue: 'Default {{x}}', x: 1 })).toBe('Default 1');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('cart')).toBe('cart');
  });

  it('knows which keys exist, in a namespace given as a prefix too', () => {
    const texts = shopTexts();
    expect(texts.exists('cart.title')).toBe(true);
    expect(texts.exists('cart.nothing')).toBe(false);
    expect(texts.exists('staff:orders.title')).toBe(true);
    expect(texts.exists('staff:cart.title')).toBe(false);
    expect(texts.getFixedT('en', 'staff')('orders.title')).toBe('Orders');
  });

  it('tells its listeners when the language changes, and only then', () => {
    const texts = shopTexts();
    const listener = vi.fn();
    const stop = texts.subscribe(listener);
    texts.changeLanguage('en');
    expect(listener).not.toHaveBeenCalled();
    texts.changeLanguage('fr');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(texts.language).toBe('fr');
    expect(texts.t('cart.title' as never)).toBe('Panier');
    stop();
    texts.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
