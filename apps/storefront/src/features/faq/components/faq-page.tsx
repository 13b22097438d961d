import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

/** Route slot for /faq (spec §2); the faq issue replaces this placeholder. */
export function FaqPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.faq')} />;
}
