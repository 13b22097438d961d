import { useTranslation } from '@/lib/use-translation';
import { Link, Navigate, useParams } from '@/lib/router/router';
import { CatalogCard } from '@/components/catalog/catalog-card';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-error';
import { useCategories } from '@/lib/api/get-categories';
import { useHomeProducts } from '@/lib/api/get-home-products';
import { errorKey } from '@/lib/error-message';
import { itemPath } from '@/lib/item-paths';
import { goneState, isGoneItem } from '@/lib/gone-item';
import { useStepEvent } from '@/lib/storefront-events';
import { useCategory } from '../api/get-category';
import { categoryItems, childCategories, parentOf } from '../utils/category-entries';
import './category-page.css';

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** /category/{id}/{slug} (docs/storefront.md §2.3): child categories and items, with a back link. */
export function CategoryPage() {
  const id = parseId(useParams().id);
  if (id === undefined) return <Navigate to="/" replace state={goneState('category')} />;
  return <CategoryContent id={id} />;
}

function CategoryContent({ id }: { id: number }) {
  const { t } = useTranslation();
  const category = useCategory(id);
  const categories = useCategories();
  const home = useHomeProducts();
  useStepEvent(
    'category',
    category.data ? 'view' : undefined,
    category.data ? { id: category.data.id, title: category.data.title } : undefined,
  );

  // A state other than INVISIBLE or PUBLISHED, or no such category, goes home, where
  // the visitor is told the category is gone (decision 0197).
  if (isGoneItem(true, category.error, category.data?.state))
    return <Navigate to="/" replace state={goneState('category')} />;

  const failure = [category, categories, home].find((query) => query.isError && !query.data)?.error;
  if (failure) {
    return (
      <section className="kassa-page">
        <Alert tone="danger">{t(errorKey(isApiError(failure) ? failure.code : undefined))}</Alert>
        <Link to="/">{t('category.back_home')}</Link>
      </section>
    );
  }
  if (!category.data || !categories.data || !home.data) return <Loading label={t('category.loading')} />;

  const current = category.data;
  const parent = parentOf(current, categories.data);
  const children = childCategories(current, categories.data);
  const items = categoryItems(current, home.data);

  return (
    <section className="kassa-page kassa-category">
      <PageTitle title={current.title} />
      {current.state === 'INVISIBLE' && <NoIndex />}
      <p className="kassa-category__back">
        <Link to={parent ? itemPath('category', parent) : '/'}>
          <span aria-hidden="true">← </span>
          {parent ? t('category.back_to', { title: parent.title }) : t('category.back_home')}
        </Link>
      </p>
      <h1>{current.title}</h1>
      {current.description && <p className="kassa-category__description">{current.description}</p>}
      {children.length > 0 && (
        <section aria-labelledby="category-children" className="kassa-category__section">
          <h2 id="category-children">{t('category.subcategories')}</h2>
          <ul className="kassa-grid">
            {children.map((child, index) => (
              <li key={child.id}>
                <CatalogCard
                  entry={{ kind: 'category', item: child }}
                  listName={`category:${current.id}`}
                  eager={index < 3}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length > 0 ? (
        <section aria-labelledby="category-items" className="kassa-category__section">
          <h2 id="category-items">{t('category.items')}</h2>
          <ul className="kassa-grid">
            {items.map((entry) => (
              <li key={`${entry.kind}-${entry.item.id}`}>
                <CatalogCard entry={entry} listName={`category:${current.id}`} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        children.length === 0 && <p>{t('category.empty')}</p>
      )}
    </section>
  );
}
