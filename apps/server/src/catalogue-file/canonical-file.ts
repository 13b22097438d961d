import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { fileText, storedText } from './file-values.ts';
import { mapFile } from './map-file.ts';

/**
 * A file in the form readCatalogue answers, so the two compare as equals when
 * an import would change nothing: texts as stored and read back, images by
 * their /media/ path, optional values the database cannot hold left out.
 */
export function canonicalFile(file: CatalogueFile, images: ReadonlyMap<string, string>): CatalogueFile {
  const lang = file.organisation.default_language;
  const mapped = mapFile(file, {
    text: (value) => fileText(storedText(value, lang), lang),
    image: (value) => (value === undefined ? undefined : (images.get(value) ?? value)),
  });
  const { $schema: _schema, ...rest } = mapped;
  const { hero, ...organisation } = rest.organisation;
  return {
    ...rest,
    // A hero with nothing in it is no hero.
    organisation: hero && Object.keys(hero).length ? { ...organisation, hero } : organisation,
    products: rest.products.map(({ schedule, key_facts, ...product }) => ({
      ...product,
      ...(schedule ? { schedule } : {}),
      ...(key_facts?.length ? { key_facts } : {}),
      // A sales end of 0 is the default, stored as 0 and read back as left out.
      ...(product.sales_end_minutes === 0 ? { sales_end_minutes: undefined } : {}),
      // Offers held 2 hours is the default, read back as no `waitlist` (decision 0261).
      ...(product.waitlist?.offer_hours === 2 ? { waitlist: undefined } : {}),
      // No fee tiers is the default, read back as no `fees` (decision 0258).
      ...(product.cancellation
        ? {
            cancellation: {
              ...product.cancellation,
              fees: (product.cancellation.fees?.length
                ? product.cancellation.fees
                : undefined) as typeof product.cancellation.fees,
            },
          }
        : {}),
      // Seats of a product without a limit are not stored.
      ...(product.capacity_type === 'NONE' ? { capacity: undefined } : {}),
    })),
    vouchers: rest.vouchers.map((voucher) => ({
      ...voucher,
      values: voucher.values.map(({ credit, ...value }) =>
        credit === undefined || credit === value.price ? value : { ...value, credit },
      ),
    })),
    coupons: rest.coupons.map((coupon) => ({ ...coupon, code: coupon.code.toUpperCase() })),
  };
}
