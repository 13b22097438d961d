import { useTranslation } from '@/lib/use-translation';
import { Link, useLocation } from '@/lib/router/router';
import { NoIndex } from '@/components/ui/no-index';
import { PageTitle } from '@/components/ui/page-title';
import { goneKindOf } from '@/lib/gone-item';

/**
 * /404: a title and a subtitle. The server also writes it, with a
 * 404 status, for a link to an item the shop no longer has; the title then
 * names what is gone (decision 0197).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const gone = goneKindOf(useLocation().state);
  const title = gone ? t(`gone.${gone}`) : t('not_found.title');
  return (
    <section className="kassa-page">
      <PageTitle title={title} />
      <NoIndex />
      <h1>{title}</h1>
      <p>{gone ? t('gone.text') : t('not_found.subtitle')}</p>
      <p>
        <Link to="/" className="kassa-button">
          {t('not_found.home')}
        </Link>
      </p>
    </section>
  );
}
