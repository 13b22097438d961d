import { useTranslation } from './use-translation';
import { toLanguage, type Language } from './language';

/** The UI language; components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language) ?? 'en';
}
