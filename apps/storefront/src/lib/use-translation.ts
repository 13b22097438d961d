/**
 * The texts in components (decision 0273): `t` in the language shown, and a
 * new render when it changes. The server's page renderer hands each page its
 * own texts through TextsProvider; the browser uses lib/texts' one.
 */
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { texts as browserTexts, type TFunction, type Texts } from './texts';

const TextsContext = createContext<Texts>(browserTexts);
export const TextsProvider = TextsContext.Provider;

export interface Translation {
  t: TFunction;
  i18n: { language: string };
}

export function useTranslation(): Translation {
  const texts = useContext(TextsContext);
  const read = () => texts.language;
  const language = useSyncExternalStore(texts.subscribe, read, read);
  // A new `t` only when the language changes, as react-i18next did: effects keyed on it rerun then.
  return useMemo(() => ({ t: texts.getFixedT(language), i18n: { language } }), [texts, language]);
}
