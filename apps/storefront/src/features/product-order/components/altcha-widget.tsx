import { createElement, useEffect, useRef, useState } from 'react';

interface AltchaWidgetProps {
  challengeUrl: string;
  language: string;
  onVerified: (payload: string) => void;
}

/**
 * The ALTCHA proof-of-work widget (ARCHITECTURE §4), loaded on demand: its
 * custom element registers when the module is imported, and announces a
 * solved challenge with a 'verified' event carrying the payload.
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
    void import('altcha').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

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
