import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** A route whose part of the shop is built in a later issue: a titled, translated placeholder. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="kassa-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p>{t('coming_soon.text')}</p>
      <p>
        <Link to="/" className="kassa-button">
          {t('coming_soon.home')}
        </Link>
      </p>
    </section>
  );
}
