import { createElement, useEffect, useRef, useState } from 'react';
import type { Language } from '@/lib/language';

interface AltchaWidgetProps {
  challengeUrl: string;
  language: Language;
  onVerified: (payload: string) => void;
}

/**
 * ALTCHA's main bundle registers its English texts only: every other language
 * registers its own when its module is imported, and until then the widget's
 * `language` falls back to English. Spanish and French are published as es-es
 * and fr-fr; the widget finds them from `es` and `fr`.
 */
const altchaTexts: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  nl: () => import('altcha/i18n/nl'),
  // @ts-expect-error altcha types es and fr (es.d.ts, fr.d.ts) but ships es-es.js and fr-fr.js; they export nothing.
  es: () => import('altcha/i18n/es-es'),
  de: () => import('altcha/i18n/de'),
  // @ts-expect-error as es above.
  fr: () => import('altcha/i18n/fr-fr'),
};

/**
 * The ALTCHA proof-of-work widget (decision 0030), loaded on demand with the
 * visitor's language: its custom element registers when the module is
 * imported, and announces a solved challenge with a 'verified' event carrying
 * the payload.
 */
export function AltchaWidget({ challengeUrl, language, onVerified }: AltchaWidgetProps) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [ready, setReady] = useState(false);
  const verified = useRef(onVerified);
  useEffect(() => {
    verified.current = onVerified;
  });

  useEffect(() => {
    let live = true;
    // A language bundle that fails to load leaves the widget in English, not missing.
    const texts = altchaTexts[language]().catch(() => undefined);
    void Promise.all([import('altcha'), texts]).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    if (!ready || !node) return undefined;
    const listener = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) verified.current(payload);
    };
    node.addEventListener('verified', listener);
    return () => node.removeEventListener('verified', listener);
  }, [ready, node]);

  if (!ready) return null;
  return createElement('altcha-widget', { ref: setNode, challenge: challengeUrl, language });
}
