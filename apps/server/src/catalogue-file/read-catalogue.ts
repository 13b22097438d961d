import type { CatalogueCategory, CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { decimal, defined, fileText } from './file-values.ts';
import { storedKeyFacts } from './key-facts-adapter.ts';
import { readSchedules } from './schedules-adapter.ts';

const dateOnly = (value: Date | null) => value?.toISOString().slice(0, 10);

/**
 * The shop's catalogue as a catalogue file (images as their /media/ paths):
 * what `shop export` writes and what an import is compared with. Archived
 * items are left out, as they are no longer sold.
 */
export async function readCatalogue(db: Db | Tx, organisationId: number): Promise<CatalogueFile> {
  const [org] = await db.select().from(s.organisations).where(eq(s.organisations.id, organisationId));
  if (!org) throw new Error(`No organisation ${organisationId}`);
  const lang = org.defaultLanguage;
  const t = (value: s.LocalizedText | null) => fileText(value, lang);
  const req = (value: s.LocalizedText) => fileText(value, lang) ?? '';

  const [fees, groups, categories, upsells, products, subscriptions, vouchers, coupons, fields, faq] =
    await Promise.all([
      db
        .select()
        .from(s.organisationAdditions)
        .where(eq(s.organisationAdditions.organisationId, organisationId))
        .orderBy(asc(s.organisationAdditions.sort), asc(s.organisationAdditions.id)),
      db
        .select()
        .from(s.clientGroups)
        .where(eq(s.clientGroups.organisationId, organisationId))
        .orderBy(asc(s.clientGroups.id)),
      db
        .select()
        .from(s.categories)
        .where(eq(s.categories.organisationId, organisationId))
        .orderBy(asc(s.categories.sort), asc(s.categories.id)),
      db
        .select()
        .from(s.upsells)
        .where(eq(s.upsells.organisationId, organisationId))
        .orderBy(asc(s.upsells.id)),
      db
        .select()
        .from(s.products)
        .where(and(eq(s.products.organisationId, organisationId)))
        .orderBy(asc(s.products.sort), asc(s.products.id)),
      db
        .select()
        .from(s.subscriptions)
        .where(eq(s.subscriptions.organisationId, organisationId))
        .orderBy(asc(s.subscriptions.sort), asc(s.subscriptions.id)),
      db
        .select()
        .from(s.vouchers)
        .where(eq(s.vouchers.organisationId, organisationId))
        .orderBy(asc(s.vouchers.sort), asc(s.vouchers.id)),
      db
        .select()
        .from(s.coupons)
        .where(and(eq(s.coupons.organisationId, organisationId), isNull(s.coupons.clientId)))
        .orderBy(asc(s.coupons.id)),
      db
        .select()
        .from(s.fields)
        .where(eq(s.fields.organisationId, organisationId))
        .orderBy(asc(s.fields.sort), asc(s.fields.id)),
      db
        .select()
        .from(s.faqQuestions)
        .where(eq(s.faqQuestions.organisationId, organisationId))
        .orderBy(asc(s.faqQuestions.sort), asc(s.faqQuestions.id)),
    ]);
  const live = <R extends { state: s.ItemState }>(rows: R[]) => rows.filter((r) => r.state !== 'ARCHIVED');
  const productRows = live(products);
  const subscriptionRows = live(subscriptions);
  const voucherRows = live(vouchers);
  const productIds = productRows.map((p) => p.id);
  const subscriptionIds = subscriptionRows.map((x) => x.id);
  const voucherIds = voucherRows.map((v) => v.id);

  const [audiences, productUpsells, subscriptionUpsells, crossSells, values, openPlots, schedules] =
    await Promise.all([
      productIds.length + subscriptionIds.length === 0
        ? []
        : db
            .select()
            .from(s.audiences)
            .where(
              or(
                productIds.length ? inArray(s.audiences.productId, productIds) : undefined,
                subscriptionIds.length ? inArray(s.audiences.subscriptionId, subscriptionIds) : undefined,
              ),
            )
            .orderBy(asc(s.audiences.sort), asc(s.audiences.id)),
      productIds.length
        ? db
            .select()
            .from(s.productUpsells)
            .where(inArray(s.productUpsells.productId, productIds))
            .orderBy(asc(s.productUpsells.sort))
        : [],
      subscriptionIds.length
        ? db
            .select()
            .from(s.subscriptionUpsells)
            .where(inArray(s.subscriptionUpsells.subscriptionId, subscriptionIds))
            .orderBy(asc(s.subscriptionUpsells.sort))
        : [],
      productIds.length
        ? db
            .select()
            .from(s.productCrossSells)
            .where(inArray(s.productCrossSells.productId, productIds))
            .orderBy(asc(s.productCrossSells.sort))
        : [],
      voucherIds.length
        ? db
            .select()
            .from(s.voucherValues)
            .where(inArray(s.voucherValues.voucherId, voucherIds))
            .orderBy(asc(s.voucherValues.sort), asc(s.voucherValues.id))
        : [],
      productIds.length
        ? db
            .select({ productId: s.plots.productId, capacity: s.plots.capacity })
            .from(s.plots)
            .where(and(inArray(s.plots.productId, productIds), isNull(s.plots.date)))
            .orderBy(asc(s.plots.id))
        : [],
      readSchedules(db as Tx, productIds),
    ]);

  const groupKey = new Map(groups.map((g) => [g.id, g.key ?? `group-${g.id}`]));
  const categorySlug = new Map(categories.map((c) => [c.id, c.slug]));
  const upsellKey = new Map(upsells.map((u) => [u.id, u.key ?? `upsell-${u.id}`]));
  const productSlug = new Map(productRows.map((p) => [p.id, p.slug]));
  const subscriptionSlug = new Map(subscriptionRows.map((x) => [x.id, x.slug]));
  const voucherSlug = new Map(voucherRows.map((v) => [v.id, v.slug]));
  const slugs = (ids: number[], map: Map<number, string>) =>
    ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));

  const item = (
    row: (typeof productRows)[number] | (typeof subscriptionRows)[number] | (typeof voucherRows)[number],
  ) =>
    defined({
      slug: row.slug,
      title: req(row.title),
      description: t(row.description),
      image: row.image ?? undefined,
      label: t(row.label),
      category: row.categoryId ? categorySlug.get(row.categoryId) : undefined,
      state: row.state as 'DRAFT' | 'PUBLISHED' | 'INVISIBLE',
      visible: row.visible,
      groups: slugs(row.groupIds, groupKey),
    });
  const audience = (a: (typeof audiences)[number]) =>
    defined({
      key: a.key ?? `audience-${a.id}`,
      name: req(a.name),
      description: t(a.description),
      price: decimal(a.priceCents),
      group: a.group ?? undefined,
      min_quantity: a.minQuantity,
      dependant: a.dependant,
    });

  const categoryTree = (parentId: number | null): CatalogueCategory[] =>
    categories
      .filter((c) => c.parentId === parentId && c.state !== 'ARCHIVED')
      .map((c) =>
        defined({
          slug: c.slug,
          title: req(c.title),
          description: t(c.description),
          image: c.image ?? undefined,
          state: c.state as CatalogueCategory['state'],
          children: categoryTree(c.id),
        }),
      );

  return {
    version: 1,
    organisation: {
      slug: org.slug,
      name: org.name,
      currency: org.currency,
      default_language: lang as 'en',
      languages: org.languages as ('en' | 'nl' | 'es' | 'de' | 'fr')[],
      time_zone: org.timeZone,
      date_format: org.dateFormat as 'DD-MM-YYYY',
      ...(org.themeColour ? { theme_colour: org.themeColour } : {}),
      payment_gateway: org.paymentGateway as 'test',
      shopping_cart: org.allowShoppingCart,
      business: org.allowBusiness,
      invoices: { enabled: org.allowInvoice, tickets_at_once: org.invoiceTickets },
      captcha: org.captchaEnabled,
      faq: org.faqEnabled,
      hold_minutes: org.holdMinutes,
      reservations: {
        days: org.reservationDays,
        max_seats: org.reservationMaxSeats,
        per_email: org.reservationsPerEmail,
      },
      rebooking: org.rebookingAllowed,
      contact: defined({
        phone: org.phoneNumber ?? undefined,
        email: org.email ?? undefined,
        whatsapp_url: org.whatsappUrl ?? undefined,
        opening_hours_url: org.openingHoursUrl ?? undefined,
        address: org.address ?? undefined,
      }),
      ...(org.heroTitle || org.heroText || org.heroImage
        ? {
            hero: defined({
              title: t(org.heroTitle),
              text: t(org.heroText),
              image: org.heroImage ?? undefined,
            }),
          }
        : {}),
      ...(org.logo ? { logo: org.logo } : {}),
      fees: fees.map((f) => ({
        name: req(f.name),
        amount: decimal(f.amountCents),
        on: f.type === 1 ? 'REBOOKING' : 'BOOKING',
      })),
    },
    client_groups: groups.map((g) => ({
      key: groupKey.get(g.id)!,
      name: req(g.name),
      invoice: g.allowInvoice,
    })),
    categories: categoryTree(null),
    upsells: upsells.map((u) =>
      defined({
        key: upsellKey.get(u.id)!,
        title: req(u.title),
        description: t(u.description),
        image: u.image ?? undefined,
        type: u.upsellType,
        price: decimal(u.priceCents),
        max_quantity: u.maxQuantity ?? undefined,
        donation_step: u.donationStepCents === null ? undefined : decimal(u.donationStepCents),
        show_on_ticket: u.showOnTicket,
      }),
    ),
    products: productRows.map((p) => {
      const open = openPlots.find((plot) => plot.productId === p.id);
      const schedule = schedules.get(p.id);
      const keyFacts = storedKeyFacts(p);
      return defined({
        ...item(p),
        price_type: p.priceType,
        capacity_type: p.capacityType,
        price: decimal(p.priceCents),
        min_quantity: p.minQuantity,
        max_quantity: p.maxQuantity ?? undefined,
        days: p.hasDays,
        timeslots: p.hasTimeslots,
        show_end_time: p.showEndTime,
        show_availability: p.showAvailability,
        allow_reservations: p.allowReservations,
        sales_end_minutes: p.salesEndMinutes === 0 ? undefined : p.salesEndMinutes,
        capacity: !p.hasDays && open?.capacity != null ? open.capacity : undefined,
        audiences: audiences.filter((a) => a.productId === p.id).map(audience),
        schedule,
        key_facts: keyFacts?.map((f) => ({ kind: f.kind, text: req(f.text) })),
        upsells: slugs(
          productUpsells.filter((u) => u.productId === p.id).map((u) => u.upsellId),
          upsellKey,
        ),
        cross_sells: slugs(
          crossSells.filter((c) => c.productId === p.id).map((c) => c.crossProductId),
          productSlug,
        ),
      });
    }),
    subscriptions: subscriptionRows.map((x) =>
      defined({
        ...item(x),
        type: x.type,
        price: decimal(x.priceCents),
        products: slugs(x.productIds, productSlug),
        redemptions: x.redemptions === -1 ? undefined : x.redemptions,
        validity_days: x.validityDays,
        audiences: audiences.filter((a) => a.subscriptionId === x.id).map(audience),
        upsells: slugs(
          subscriptionUpsells.filter((u) => u.subscriptionId === x.id).map((u) => u.upsellId),
          upsellKey,
        ),
      }),
    ),
    vouchers: voucherRows.map((v) =>
      defined({
        ...item(v),
        min_quantity: v.minQuantity,
        max_quantity: v.maxQuantity ?? undefined,
        show_end_time: v.showEndTime,
        validity_days: v.validityDays ?? undefined,
        values: values
          .filter((value) => value.voucherId === v.id)
          .map((value) =>
            defined({
              key: value.key ?? `value-${value.id}`,
              name: req(value.name),
              description: t(value.description),
              price: decimal(value.priceCents),
              credit: value.creditCents === value.priceCents ? undefined : decimal(value.creditCents),
              availability: value.availability ?? undefined,
            }),
          ),
      }),
    ),
    coupons: coupons.map((c) =>
      defined({
        code: c.code,
        percentage: c.kind === 'PERCENTAGE' ? c.value / 100 : undefined,
        amount: c.kind === 'AMOUNT' ? decimal(c.value) : undefined,
        max_tickets: c.maxTicketAmount ?? undefined,
        products: slugs(c.productIds, productSlug),
        subscriptions: slugs(c.subscriptionIds, subscriptionSlug),
        valid_from: dateOnly(c.validFrom),
        valid_until: dateOnly(c.validUntil),
        max_uses: c.maxUses ?? undefined,
      }),
    ),
    fields: fields.map((f) => ({
      key: f.key ?? `field-${f.id}`,
      type: f.type,
      name: req(f.name),
      required: f.required,
      built_in: f.isDefault,
      options: f.options.map((o) => ({ value: o.value, label: req(o.label) })),
      products: slugs(f.restrictProducts, productSlug),
      subscriptions: slugs(f.restrictSubscriptions, subscriptionSlug),
      vouchers: slugs(f.restrictVouchers, voucherSlug),
    })),
    faq: faq.map((q) => ({ question: req(q.question), answer: req(q.answer) })),
  };
}
