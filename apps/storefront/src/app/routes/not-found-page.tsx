import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoIndex } from '@/components/ui/no-index';
import { PageTitle } from '@/components/ui/page-title';

/** /404 (spec §2): a title and a subtitle. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="kassa-page">
      <PageTitle title={t('not_found.title')} />
      <NoIndex />
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.subtitle')}</p>
      <p>
        <Link to="/" className="kassa-button">
          {t('not_found.home')}
        </Link>
      </p>
    </section>
  );
}
