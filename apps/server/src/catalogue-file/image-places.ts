import type { CatalogueCategory, CatalogueFile } from '@kassa/domain/contract/catalogue-file';

/** An image the file names, and the places in the file that name it (`products[0].image`). */
export interface ImagePlace {
  image: string;
  places: string[];
}

/**
 * Every image of a catalogue file with where it is named, in file order, one
 * entry per image: an import refusing an image can then say where to fix it.
 */
export function imagePlaces(file: CatalogueFile): ImagePlace[] {
  const found = new Map<string, string[]>();
  const add = (image: string | undefined, place: string) => {
    if (image === undefined) return;
    const places = found.get(image) ?? [];
    found.set(image, [...places, place]);
  };
  add(file.organisation.hero?.image, 'organisation.hero.image');
  add(file.organisation.logo, 'organisation.logo');
  const category = (c: CatalogueCategory, place: string) => {
    add(c.image, `${place}.image`);
    c.children.forEach((child, index) => category(child, `${place}.children[${index}]`));
  };
  file.categories.forEach((c, index) => category(c, `categories[${index}]`));
  for (const list of ['upsells', 'products', 'subscriptions', 'vouchers'] as const)
    file[list].forEach((item, index) => add(item.image, `${list}[${index}].image`));
  return [...found].map(([image, places]) => ({ image, places }));
}
