import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { changeLanguage } from '@/lib/i18n';
import { offeredLanguages, toLanguage } from '@/lib/language';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';

/** The header's language choice: remembered, and sent with every API call from then on. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const languages = offeredLanguages(pageDefinitions().languages);
  if (languages.length < 2) return null;
  return (
    <div className="kassa-language">
      {/* Visually hidden (the select shows language names), still its accessible name. */}
      <label htmlFor={id} className="kassa-language__label">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = toLanguage(event.target.value);
          if (next) void changeLanguage(next);
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
