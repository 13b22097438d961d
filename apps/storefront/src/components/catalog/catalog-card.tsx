/**
 * The card for one catalogue entry (product, subscription, voucher or
 * category), shared by home and category pages: link, button text, price,
 * and the selection event a click raises (docs/storefront.md §7.13).
 */
import type {
  Category,
  ProductSummary,
  SubscriptionSummary,
  VoucherSummary,
} from '@kassa/domain/contract/catalog';
import { useTranslation } from '@/lib/use-translation';
import { ItemCard } from '@/components/ui/item-card';
import { Price } from '@/components/ui/price';
import { formatMoney } from '@/lib/format-money';
import { itemPath } from '@/lib/item-paths';
import { pageDefinitions } from '@/lib/page-definitions';
import { raiseSelection } from '@/lib/storefront-events';
import { useLanguage } from '@/lib/use-language';

export type CatalogEntry =
  | { kind: 'product'; item: ProductSummary }
  | { kind: 'subscription'; item: SubscriptionSummary; current?: boolean }
  | { kind: 'voucher'; item: VoucherSummary }
  | { kind: 'category'; item: Category };

/** A fixed price, "From …" when it varies (audiences, dynamic, voucher values), or Free. */
function CardPrice({ amount, from }: { amount: number; from: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (amount === 0 && !from) return <>{t('item.free')}</>;
  if (!from) return <Price amount={amount} />;
  return <>{t('item.price_from', { price: formatMoney(amount, pageDefinitions().currency, language) })}</>;
}

export function CatalogCard({
  eager = false,
  entry,
  listName,
  renewing = false,
}: {
  entry: CatalogEntry;
  listName: string;
  renewing?: boolean;
  /** Cards in the first screen load their image at once. */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const currency = pageDefinitions().currency;
  const { item } = entry;
  const common = {
    title: item.title,
    description: item.description,
    image: item.image,
    href: itemPath(entry.kind, item),
    eager,
  };

  switch (entry.kind) {
    case 'category':
      return <ItemCard {...common} action={t('item.view_category')} />;
    case 'product':
      return (
        <ItemCard
          {...common}
          label={entry.item.label}
          action={t('item.book_product')}
          price={<CardPrice amount={entry.item.price} from={entry.item.types.price !== 'FIXED'} />}
          onSelect={() =>
            raiseSelection(
              'product',
              { id: item.id, title: item.title, price: entry.item.price },
              currency,
              listName,
            )
          }
        />
      );
    case 'subscription':
      return (
        <ItemCard
          {...common}
          label={entry.item.label}
          current={entry.current ? t('item.current') : undefined}
          action={renewing ? t('item.renew_subscription') : t('item.order_subscription')}
          price={<CardPrice amount={entry.item.price} from={false} />}
          onSelect={() =>
            raiseSelection(
              renewing ? 'renewal' : 'subscription',
              { id: item.id, title: item.title, price: entry.item.price },
              currency,
              listName,
            )
          }
        />
      );
    case 'voucher':
      return (
        <ItemCard
          {...common}
          label={entry.item.label}
          action={t('item.order_voucher')}
          price={<CardPrice amount={entry.item.price} from />}
          onSelect={() =>
            raiseSelection(
              'voucher',
              { id: item.id, title: item.title, price: entry.item.price },
              currency,
              listName,
            )
          }
        />
      );
  }
}
