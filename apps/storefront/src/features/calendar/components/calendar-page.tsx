import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

/** Route slot for /calendar (spec §2); the calendar issue replaces this placeholder. */
export function CalendarPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.calendar')} />;
}
