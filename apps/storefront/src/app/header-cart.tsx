import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useOrganisation } from '@/lib/api/get-organisation';
import { cartStore } from '@/lib/cart-store';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';

const HeaderCartPanel = lazy(async () => ({
  default: (await import('./header-cart-panel')).HeaderCartPanel,
}));

/**
 * The cart in the header, on every page of a shop that allows carts (spec
 * §2/§4 allowShoppingCart): a button with the count and the total, and a
 * panel listing the waiting orders with change and remove, and checkout.
 */
export function HeaderCart() {
  const { t } = useTranslation();
  const language = useLanguage();
  const organisation = useOrganisation().data;
  const cart = cartStore.use();
  const [open, setOpen] = useState(false);
  if (organisation?.allowShoppingCart !== true) return null;
  const totalCents = cart.reduce((sum, order) => sum + (order.summary?.subtotalCents ?? 0), 0);
  const total = formatMoney(totalCents / 100, pageDefinitions().currency, language);

  return (
    <>
      <button
        type="button"
        className="kassa-header-cart"
        aria-label={t('cart.header_label', { count: cart.length, total })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM6.2 6l.9 6.6A2 2 0 0 0 9.1 14.4h7.7a2 2 0 0 0 1.9-1.4L21 6H6.2ZM2 2h3l.6 2H2V2Z"
          />
        </svg>
        <span className="kassa-header-cart__count" aria-hidden="true">
          {cart.length}
        </span>
        {cart.length > 0 && (
          <span className="kassa-header-cart__total" aria-hidden="true">
            {total}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <HeaderCartPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
