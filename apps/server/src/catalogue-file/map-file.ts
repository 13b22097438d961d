import { defined } from './file-values.ts';
import type { CatalogueCategory, CatalogueFile, CatalogueText } from '@kassa/domain/contract/catalogue-file';

export interface FileMappers {
  text: (value: CatalogueText | undefined) => CatalogueText | undefined;
  image: (value: string | undefined) => string | undefined;
}

/**
 * Rewrites every text and every image of a catalogue file, and nothing else:
 * one walk that knows where texts and images are, used to compare texts
 * written either way, to resolve image files and to write them back.
 */
export function mapFile(file: CatalogueFile, { text, image }: FileMappers): CatalogueFile {
  const req = (value: CatalogueText) => text(value) ?? '';
  const audience = <A extends { name: CatalogueText; description?: CatalogueText | undefined }>(a: A): A =>
    defined({ ...a, name: req(a.name), description: text(a.description) });
  const item = <
    I extends {
      title: CatalogueText;
      description?: CatalogueText | undefined;
      label?: CatalogueText | undefined;
      image?: string | undefined;
    },
  >(
    i: I,
  ): I =>
    defined({
      ...i,
      title: req(i.title),
      description: text(i.description),
      label: text(i.label),
      image: image(i.image),
    });
  const category = (c: CatalogueCategory): CatalogueCategory =>
    defined({ ...item(c), children: c.children.map(category) });
  return defined({
    ...file,
    organisation: defined({
      ...file.organisation,
      hero:
        file.organisation.hero &&
        defined({
          title: text(file.organisation.hero.title),
          text: text(file.organisation.hero.text),
          image: image(file.organisation.hero.image),
        }),
      logo: image(file.organisation.logo),
      fees: file.organisation.fees.map((f) => ({ ...f, name: req(f.name) })),
    }),
    client_groups: file.client_groups.map((g) => ({ ...g, name: req(g.name) })),
    categories: file.categories.map(category),
    upsells: file.upsells.map((u) =>
      defined({ ...u, title: req(u.title), description: text(u.description), image: image(u.image) }),
    ),
    products: file.products.map((p) =>
      defined({
        ...item(p),
        audiences: p.audiences.map(audience),
        key_facts: p.key_facts?.map((f) => ({ ...f, text: req(f.text) })),
      }),
    ),
    subscriptions: file.subscriptions.map((s) =>
      defined({ ...item(s), audiences: s.audiences.map(audience) }),
    ),
    vouchers: file.vouchers.map((v) => defined({ ...item(v), values: v.values.map(audience) })),
    fields: file.fields.map((f) => ({
      ...f,
      name: req(f.name),
      options: f.options.map((o) => ({ ...o, label: req(o.label) })),
    })),
    faq: file.faq.map((q) => ({ question: req(q.question), answer: req(q.answer) })),
  });
}
