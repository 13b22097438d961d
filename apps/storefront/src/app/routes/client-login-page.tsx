import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';

/** /client/login: referenced by the renewal flow; its content is not specified (spec §2). */
export function ClientLoginPage() {
  const { t } = useTranslation();
  return (
    <section className="kassa-page">
      <PageTitle title={t('client_login.title')} />
      <h1>{t('client_login.title')}</h1>
      <p>{t('client_login.text')}</p>
    </section>
  );
}
