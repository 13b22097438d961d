import { useTranslation } from '@/lib/use-translation';
import { useLocation } from '@/lib/router/router';
import { CatalogCard } from '@/components/catalog/catalog-card';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { PageTitle } from '@/components/ui/page-title';
import { useCartCount } from '@/lib/cart-store';
import { errorKey } from '@/lib/error-message';
import { goneKindOf } from '@/lib/gone-item';
import { isApiError } from '@/lib/api-error';
import { pageDefinitions } from '@/lib/page-definitions';
import { useRenewal } from '@/lib/renewal-store';
import { useStepEvent } from '@/lib/storefront-events';
import { useHomeData } from '../hooks/use-home-data';
import { arrangeHome } from '../utils/arrange-home';
import { HomeHero } from './home-hero';
import './home-page.css';

/** / (docs/storefront.md §2.2): the shop's offer as cards, categorised or flat. */
export function HomePage() {
  const { t } = useTranslation();
  const { data, loading, error, retry } = useHomeData();
  const cartCount = useCartCount();
  const renewal = useRenewal();
  useStepEvent('home', data ? 'view' : undefined);
  const name = pageDefinitions().organisationName;
  // A link to an item the shop no longer has led here (decision 0197): say so.
  const gone = goneKindOf(useLocation().state);

  if (!data) {
    if (error && !loading) {
      return (
        <section className="kassa-page">
          <PageTitle title={t('home.title')} />
          <h1>{name}</h1>
          <Alert tone="danger">
            <p>{t('home.load_failed')}</p>
            <p>{t(errorKey(isApiError(error) ? error.code : undefined))}</p>
          </Alert>
          <button type="button" className="kassa-button" onClick={retry}>
            {t('home.retry')}
          </button>
        </section>
      );
    }
    return <Loading label={t('home.loading')} />;
  }

  const layout = arrangeHome({
    home: data.home,
    categories: data.categories,
    categoriesEnabled: data.organisation.shop.categories,
    cartCount,
    renewingSubscriptionId: renewal?.subscriptionId ?? null,
  });
  const renewing = renewal !== null;
  const empty = layout.items.length === 0 && layout.categories.length === 0;

  return (
    <section className="kassa-page kassa-home">
      <PageTitle title={t('home.title')} />
      <HomeHero organisation={data.organisation} />
      {gone && (
        <Alert tone="info">
          <strong>{t(`gone.${gone}`)}</strong> {t('gone.home_text')}
        </Alert>
      )}
      {renewing && <Alert tone="info">{t('home.renewal_notice')}</Alert>}
      {empty && <p>{t('home.empty')}</p>}
      {layout.items.length > 0 && (
        <section aria-labelledby="home-offers" className="kassa-home__section">
          <h2 id="home-offers" className={layout.layout === 'flat' ? 'kassa-visually-hidden' : undefined}>
            {t('home.offers')}
          </h2>
          <ul className="kassa-grid">
            {layout.items.map((entry, index) => (
              <li key={`${entry.kind}-${entry.item.id}`}>
                <CatalogCard entry={entry} listName="home" renewing={renewing} eager={index < 3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {layout.categories.length > 0 && (
        <section aria-labelledby="home-categories" className="kassa-home__section">
          <h2 id="home-categories">{t('home.categories')}</h2>
          <ul className="kassa-grid">
            {layout.categories.map((category) => (
              <li key={`category-${category.id}`}>
                <CatalogCard entry={{ kind: 'category', item: category }} listName="home" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
