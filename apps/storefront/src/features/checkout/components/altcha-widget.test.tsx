import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AltchaWidget } from './altcha-widget';

/** ALTCHA's global text store, filled by its main bundle (en) and each imported language bundle. */
function altchaLabel(code: string): string | undefined {
  const store = (
    globalThis as { $altcha?: { i18n: { get: (name: string) => { label?: string } | undefined } } }
  ).$altcha;
  return store?.i18n.get(code)?.label;
}

async function renderWidget(language: 'en' | 'nl' | 'es' | 'de' | 'fr', onVerified = vi.fn()) {
  const view = render(
    <AltchaWidget challengeUrl="/api/captcha/challenge" language={language} onVerified={onVerified} />,
  );
  const element = await waitFor(() => {
    const found = view.container.querySelector('altcha-widget');
    expect(found).not.toBeNull();
    return found!;
  });
  // React 19 sets a registered custom element's props as properties, not attributes.
  return { view, element: element as Element & { challenge?: string; language?: string } };
}

describe('AltchaWidget', () => {
  it('renders the real custom element with the challenge URL and language', async () => {
    const { element } = await renderWidget('en');
    expect(element.challenge).toBe('/api/captcha/challenge');
    expect(element.language).toBe('en');
    expect(customElements.get('altcha-widget')).toBeDefined();
  });

  it.each([
    ['nl', 'nl', 'Ik ben geen robot'],
    ['de', 'de', 'Ich bin kein Roboter'],
    ['es', 'es-es', 'No soy un robot'],
    ['fr', 'fr-fr', 'Je ne suis pas un robot'],
  ] as const)('loads ALTCHA’s own %s texts before it shows the widget', async (language, code, label) => {
    const { element } = await renderWidget(language);
    expect(element.language).toBe(language);
    expect(altchaLabel(code)).toBe(label);
  });

  it('hands the payload of a verified event to onVerified, and ignores one without', async () => {
    const onVerified = vi.fn();
    const { element } = await renderWidget('en', onVerified);
    element.dispatchEvent(new CustomEvent('verified', { detail: {} }));
    element.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'eyJwYXlsb2FkIjp0cnVlfQ==' } }));
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(onVerified).toHaveBeenCalledWith('eyJwYXlsb2FkIjp0cnVlfQ==');
  });
});
