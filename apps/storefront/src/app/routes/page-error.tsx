import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { PageTitle } from '@/components/ui/page-title';

/** Shown inside the layout when a page crashes: header and language switch stay usable. */
export function PageError() {
  const { t } = useTranslation();
  return (
    <section className="kassa-page" role="alert">
      <PageTitle title={t('error_boundary.title')} />
      <h1>{t('error_boundary.title')}</h1>
      <p>{t('error_boundary.text')}</p>
      <p className="kassa-actions">
        <button type="button" className="kassa-button" onClick={() => window.location.reload()}>
          {t('error_boundary.reload')}
        </button>
        <Link to="/" className="kassa-button kassa-button--secondary" reloadDocument>
          {t('error_boundary.home')}
        </Link>
      </p>
    </section>
  );
}
