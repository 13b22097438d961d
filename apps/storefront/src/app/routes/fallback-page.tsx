import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { NoIndex } from '@/components/ui/no-index';
import { PageTitle } from '@/components/ui/page-title';

/** Any path not in the route table (docs/storefront.md §2.21). */
export function FallbackPage() {
  const { t } = useTranslation();
  return (
    <section className="kassa-page">
      <PageTitle title={t('fallback.title')} />
      <NoIndex />
      <h1>{t('fallback.title')}</h1>
      <p>{t('fallback.subtitle')}</p>
      <p>
        <Link to="/" className="kassa-button">
          {t('fallback.home')}
        </Link>
      </p>
    </section>
  );
}
