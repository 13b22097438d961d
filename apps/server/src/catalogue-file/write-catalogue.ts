import { randomBytes } from 'node:crypto';
import type {
  CatalogueAudience,
  CatalogueCategory,
  CatalogueFile,
  CatalogueText,
} from '@kassa/domain/contract/catalogue-file';
import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { cents, storedText } from './file-values.ts';
import { keyFactsColumn } from './key-facts-adapter.ts';
import type { ApplyScheduleResult } from '../modules/schedules/apply-schedule.ts';
import { describeRefusal } from '../modules/schedules/schedule-result-text.ts';
import { writeSchedule } from './schedules-adapter.ts';
import { LIVE_ORDER_STATUSES, nameOrders, openPlotSeats, ordersWithLines } from './sold-items.ts';

/** An import that would break what is sold: nothing is written, every reason is listed. */
export class CatalogueRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(`The import was refused; nothing was changed:\n${reasons.map((r) => `  - ${r}`).join('\n')}`);
  }
}

export interface WriteOptions {
  now: Date;
  /** Today in the shop's time zone (YYYY-MM-DD), for schedules. */
  today: string;
  /** The /media/ path (or URL) each image of the file is stored as. */
  images: ReadonlyMap<string, string>;
  /**
   * Test-only switches, as orders/take-seats.ts has: lockPlots false skips the
   * plot lock (the negative control), delayAfterCheckMs widens the window
   * between counting sold seats and writing, so the race the lock prevents
   * shows deterministically.
   */
  checks?: { lockPlots?: boolean; delayAfterCheckMs?: number };
  /** Plan the schedules' plots without writing them (the import's dry run, rolled back). */
  dryRun?: boolean;
}

/** What applying (or, on a dry run, planning) one product's schedule does to its plots. */
export interface ProductPlotChanges {
  slug: string;
  result: ApplyScheduleResult;
}

export interface WriteResult {
  organisationId: number;
  /** One entry per product with a schedule, in file order. */
  plots: ProductPlotChanges[];
}

const keyOf = (row: { key: string | null; id: number }, prefix: string) => row.key ?? `${prefix}-${row.id}`;

function flatten(
  list: CatalogueCategory[],
  parent: string | null = null,
): { category: CatalogueCategory; parent: string | null }[] {
  return list.flatMap((category) => [{ category, parent }, ...flatten(category.children, category.slug)]);
}

/**
 * Writes a validated catalogue file into the shop of its organisation slug
 * (made when missing), inside the caller's transaction: rows are matched by
 * slug or key and changed in place, rows the file no longer has are removed.
 * First every removal and capacity is checked against what is sold; one
 * refusal throws CatalogueRefused before anything is written.
 */
export async function writeCatalogue(
  tx: Tx,
  file: CatalogueFile,
  options: WriteOptions,
): Promise<WriteResult> {
  const lang = file.organisation.default_language;
  const text = (value: CatalogueText | undefined) => storedText(value, lang);
  const image = (value: string | undefined) =>
    value === undefined ? null : (options.images.get(value) ?? value);
  const [existingOrg] = await tx
    .select({ id: s.organisations.id })
    .from(s.organisations)
    .where(eq(s.organisations.slug, file.organisation.slug));

  const current = existingOrg ? await loadCurrent(tx, existingOrg.id) : null;
  if (current) await refuseBreakingChanges(tx, file, current, options.now, options.checks?.lockPlots ?? true);
  if (options.checks?.delayAfterCheckMs)
    await new Promise((resolve) => setTimeout(resolve, options.checks!.delayAfterCheckMs));

  const organisationId = await writeOrganisation(tx, file, existingOrg?.id, image);

  // Client groups
  const groupIds = new Map<string, number>();
  for (const group of file.client_groups) {
    const found = current?.groups.find((g) => keyOf(g, 'group') === group.key);
    const values = { organisationId, key: group.key, name: text(group.name), allowInvoice: group.invoice };
    if (found) {
      await tx.update(s.clientGroups).set(values).where(eq(s.clientGroups.id, found.id));
      groupIds.set(group.key, found.id);
    } else {
      const [row] = await tx.insert(s.clientGroups).values(values).returning({ id: s.clientGroups.id });
      groupIds.set(group.key, row!.id);
    }
  }
  await deleteOthers(tx, s.clientGroups, organisationId, [...groupIds.values()]);

  // Categories: rows first, parents once every slug has an id.
  const categoryIds = new Map<string, number>();
  const flat = flatten(file.categories);
  for (const [sort, { category }] of flat.entries()) {
    const found = current?.categories.find((c) => c.slug === category.slug);
    const values = {
      organisationId,
      slug: category.slug,
      title: text(category.title),
      description: text(category.description),
      image: image(category.image),
      state: category.state,
      sort,
    };
    if (found) {
      await tx.update(s.categories).set(values).where(eq(s.categories.id, found.id));
      categoryIds.set(category.slug, found.id);
    } else {
      const [row] = await tx.insert(s.categories).values(values).returning({ id: s.categories.id });
      categoryIds.set(category.slug, row!.id);
    }
  }
  for (const { category, parent } of flat)
    await tx
      .update(s.categories)
      .set({ parentId: parent === null ? null : categoryIds.get(parent)! })
      .where(eq(s.categories.id, categoryIds.get(category.slug)!));
  await deleteOthers(tx, s.categories, organisationId, [...categoryIds.values()]);

  // Upsells
  const upsellIds = new Map<string, number>();
  for (const upsell of file.upsells) {
    const found = current?.upsells.find((u) => keyOf(u, 'upsell') === upsell.key);
    const values = {
      organisationId,
      key: upsell.key,
      title: text(upsell.title),
      description: text(upsell.description),
      image: image(upsell.image),
      priceCents: cents(upsell.price),
      upsellType: upsell.type,
      maxQuantity: upsell.max_quantity ?? null,
      donationStepCents: upsell.donation_step === undefined ? null : cents(upsell.donation_step),
      showOnTicket: upsell.show_on_ticket,
    };
    if (found) {
      await tx.update(s.upsells).set(values).where(eq(s.upsells.id, found.id));
      upsellIds.set(upsell.key, found.id);
    } else {
      const [row] = await tx.insert(s.upsells).values(values).returning({ id: s.upsells.id });
      upsellIds.set(upsell.key, row!.id);
    }
  }

  const item = (
    entry:
      | CatalogueFile['products'][number]
      | CatalogueFile['subscriptions'][number]
      | CatalogueFile['vouchers'][number],
    sort: number,
  ) => ({
    organisationId,
    categoryId: entry.category === undefined ? null : categoryIds.get(entry.category)!,
    slug: entry.slug,
    title: text(entry.title),
    description: text(entry.description),
    image: image(entry.image),
    label: entry.label === undefined ? null : text(entry.label),
    state: entry.state,
    visible: entry.visible,
    sort,
    groupIds: entry.groups.map((key) => groupIds.get(key)!),
  });

  // Products
  const productIds = new Map<string, number>();
  const plotChanges: ProductPlotChanges[] = [];
  const scheduleRefusals: string[] = [];
  for (const [sort, product] of file.products.entries()) {
    const found = current?.products.find((p) => p.slug === product.slug);
    const values = {
      ...item(product, sort),
      priceType: product.price_type,
      capacityType: product.capacity_type,
      priceCents: cents(product.price),
      minQuantity: product.min_quantity,
      maxQuantity: product.max_quantity ?? null,
      hasDays: product.days,
      hasTimeslots: product.timeslots,
      showEndTime: product.show_end_time,
      showAvailability: product.show_availability,
      allowReservations: product.allow_reservations,
      salesEndMinutes: product.sales_end_minutes ?? 0,
      ...keyFactsColumn(product.key_facts?.map((f) => ({ kind: f.kind, text: text(f.text) }))),
    };
    let productId: number;
    if (found) {
      await tx.update(s.products).set(values).where(eq(s.products.id, found.id));
      productId = found.id;
    } else {
      const [row] = await tx.insert(s.products).values(values).returning({ id: s.products.id });
      productId = row!.id;
    }
    productIds.set(product.slug, productId);
    await writeAudiences(tx, { productId }, product.audiences, current?.audiences ?? [], text);
    if (!product.days)
      await writeOpenPlot(
        tx,
        productId,
        product.capacity_type === 'NONE' ? null : (product.capacity ?? null),
      );
    const planned = await writeSchedule(tx, productId, product.schedule ?? null, options.today, {
      dryRun: options.dryRun ?? false,
      now: options.now,
    });
    if (planned) {
      plotChanges.push({ slug: product.slug, result: planned });
      for (const refusal of planned.refused)
        scheduleRefusals.push(`products[${sort}].schedule: ${describeRefusal(refusal)}`);
    }
  }
  // A schedule that would take held seats: the whole import is refused, as for any other sold seat.
  if (scheduleRefusals.length) throw new CatalogueRefused(scheduleRefusals);
  for (const product of file.products) {
    const productId = productIds.get(product.slug)!;
    await tx.delete(s.productUpsells).where(eq(s.productUpsells.productId, productId));
    if (product.upsells.length)
      await tx
        .insert(s.productUpsells)
        .values(product.upsells.map((key, sort) => ({ productId, upsellId: upsellIds.get(key)!, sort })));
    await tx.delete(s.productCrossSells).where(eq(s.productCrossSells.productId, productId));
    if (product.cross_sells.length)
      await tx.insert(s.productCrossSells).values(
        product.cross_sells.map((slug, sort) => ({
          productId,
          crossProductId: productIds.get(slug)!,
          sort,
        })),
      );
  }

  // Subscriptions
  const subscriptionIds = new Map<string, number>();
  for (const [sort, subscription] of file.subscriptions.entries()) {
    const found = current?.subscriptions.find((x) => x.slug === subscription.slug);
    const values = {
      ...item(subscription, sort),
      type: subscription.type,
      priceCents: cents(subscription.price),
      productIds: subscription.products.map((slug) => productIds.get(slug)!),
      redemptions: subscription.redemptions ?? -1,
      validityDays: subscription.validity_days,
    };
    let subscriptionId: number;
    if (found) {
      await tx.update(s.subscriptions).set(values).where(eq(s.subscriptions.id, found.id));
      subscriptionId = found.id;
    } else {
      const [row] = await tx.insert(s.subscriptions).values(values).returning({ id: s.subscriptions.id });
      subscriptionId = row!.id;
    }
    subscriptionIds.set(subscription.slug, subscriptionId);
    await writeAudiences(tx, { subscriptionId }, subscription.audiences, current?.audiences ?? [], text);
    await tx.delete(s.subscriptionUpsells).where(eq(s.subscriptionUpsells.subscriptionId, subscriptionId));
    if (subscription.upsells.length)
      await tx
        .insert(s.subscriptionUpsells)
        .values(
          subscription.upsells.map((key, sort) => ({ subscriptionId, upsellId: upsellIds.get(key)!, sort })),
        );
  }

  // Vouchers and their values
  const voucherIds = new Map<string, number>();
  for (const [sort, voucher] of file.vouchers.entries()) {
    const found = current?.vouchers.find((v) => v.slug === voucher.slug);
    const values = {
      ...item(voucher, sort),
      minQuantity: voucher.min_quantity,
      maxQuantity: voucher.max_quantity ?? null,
      showEndTime: voucher.show_end_time,
      validityDays: voucher.validity_days ?? null,
    };
    let voucherId: number;
    if (found) {
      await tx.update(s.vouchers).set(values).where(eq(s.vouchers.id, found.id));
      voucherId = found.id;
    } else {
      const [row] = await tx.insert(s.vouchers).values(values).returning({ id: s.vouchers.id });
      voucherId = row!.id;
    }
    voucherIds.set(voucher.slug, voucherId);
    const kept: number[] = [];
    for (const [valueSort, value] of voucher.values.entries()) {
      const existing = current?.values.find(
        (v) => v.voucherId === voucherId && keyOf(v, 'value') === value.key,
      );
      const row = {
        voucherId,
        key: value.key,
        name: text(value.name),
        description: text(value.description),
        priceCents: cents(value.price),
        creditCents: cents(value.credit ?? value.price),
        availability: value.availability ?? null,
        sort: valueSort,
      };
      if (existing) {
        await tx.update(s.voucherValues).set(row).where(eq(s.voucherValues.id, existing.id));
        kept.push(existing.id);
      } else {
        const [inserted] = await tx.insert(s.voucherValues).values(row).returning({ id: s.voucherValues.id });
        kept.push(inserted!.id);
      }
    }
    await tx
      .delete(s.voucherValues)
      .where(and(eq(s.voucherValues.voucherId, voucherId), notInArray(s.voucherValues.id, kept)));
  }

  await removeItems(tx, current, productIds, subscriptionIds, voucherIds);
  await deleteOthers(tx, s.upsells, organisationId, [...upsellIds.values()]);

  // Coupons: matched by code; the count of uses is the shop's, never the file's.
  const couponIds: number[] = [];
  for (const coupon of file.coupons) {
    const code = coupon.code.toUpperCase();
    const found = current?.coupons.find((c) => c.code === code);
    const values = {
      organisationId,
      code,
      kind: coupon.percentage !== undefined ? ('PERCENTAGE' as const) : ('AMOUNT' as const),
      value: coupon.percentage !== undefined ? Math.round(coupon.percentage * 100) : cents(coupon.amount!),
      maxTicketAmount: coupon.max_tickets ?? null,
      productIds: coupon.products.map((slug) => productIds.get(slug)!),
      subscriptionIds: coupon.subscriptions.map((slug) => subscriptionIds.get(slug)!),
      validFrom: coupon.valid_from ? new Date(`${coupon.valid_from}T00:00:00.000Z`) : null,
      validUntil: coupon.valid_until ? new Date(`${coupon.valid_until}T23:59:59.999Z`) : null,
      maxUses: coupon.max_uses ?? null,
    };
    if (found) {
      await tx.update(s.coupons).set(values).where(eq(s.coupons.id, found.id));
      couponIds.push(found.id);
    } else {
      const [row] = await tx.insert(s.coupons).values(values).returning({ id: s.coupons.id });
      couponIds.push(row!.id);
    }
  }
  // A client's own coupon (a loyalty code) is not part of the catalogue: left alone.
  await tx
    .delete(s.coupons)
    .where(
      and(
        eq(s.coupons.organisationId, organisationId),
        isNull(s.coupons.clientId),
        couponIds.length ? notInArray(s.coupons.id, couponIds) : undefined,
      ),
    );

  // Customer fields
  const fieldIds: number[] = [];
  for (const [sort, field] of file.fields.entries()) {
    const found = current?.fields.find((f) => keyOf(f, 'field') === field.key);
    const values = {
      organisationId,
      key: field.key,
      type: field.type,
      name: text(field.name),
      required: field.required,
      isDefault: field.built_in,
      sort,
      options: field.options.map((o) => ({ value: o.value, label: text(o.label) })),
      restrictProducts: field.products.map((slug) => productIds.get(slug)!),
      restrictSubscriptions: field.subscriptions.map((slug) => subscriptionIds.get(slug)!),
      restrictVouchers: field.vouchers.map((slug) => voucherIds.get(slug)!),
    };
    if (found) {
      await tx.update(s.fields).set(values).where(eq(s.fields.id, found.id));
      fieldIds.push(found.id);
    } else {
      const [row] = await tx.insert(s.fields).values(values).returning({ id: s.fields.id });
      fieldIds.push(row!.id);
    }
  }
  await deleteOthers(tx, s.fields, organisationId, fieldIds);

  // FAQ: nothing refers to a question, so the list is written anew.
  await tx.delete(s.faqQuestions).where(eq(s.faqQuestions.organisationId, organisationId));
  if (file.faq.length)
    await tx.insert(s.faqQuestions).values(
      file.faq.map((q, sort) => ({
        organisationId,
        question: text(q.question),
        answer: text(q.answer),
        sort,
      })),
    );
  return { organisationId, plots: plotChanges };
}

async function writeOrganisation(
  tx: Tx,
  file: CatalogueFile,
  existingId: number | undefined,
  image: (value: string | undefined) => string | null,
): Promise<number> {
  const o = file.organisation;
  const optionalText = (value: CatalogueText | undefined) => {
    const stored = storedText(value, o.default_language);
    return Object.keys(stored).length ? stored : null;
  };
  const values = {
    slug: o.slug,
    name: o.name,
    currency: o.currency,
    defaultLanguage: o.default_language,
    languages: o.languages,
    timeZone: o.time_zone,
    dateFormat: o.date_format,
    themeColour: o.theme_colour ?? null,
    paymentGateway: o.payment_gateway,
    allowShoppingCart: o.shopping_cart,
    allowBusiness: o.business,
    allowInvoice: o.invoices.enabled,
    invoiceTickets: o.invoices.tickets_at_once,
    captchaEnabled: o.captcha,
    faqEnabled: o.faq,
    holdMinutes: o.hold_minutes,
    reservationDays: o.reservations.days,
    reservationMaxSeats: o.reservations.max_seats,
    reservationsPerEmail: o.reservations.per_email,
    rebookingAllowed: o.rebooking,
    phoneNumber: o.contact.phone ?? null,
    email: o.contact.email ?? null,
    whatsappUrl: o.contact.whatsapp_url ?? null,
    openingHoursUrl: o.contact.opening_hours_url ?? null,
    address: o.contact.address ?? null,
    heroTitle: optionalText(o.hero?.title),
    heroText: optionalText(o.hero?.text),
    heroImage: image(o.hero?.image),
    logo: image(o.logo),
  };
  let organisationId: number;
  if (existingId !== undefined) {
    await tx.update(s.organisations).set(values).where(eq(s.organisations.id, existingId));
    organisationId = existingId;
  } else {
    // The shop's rebooking secret is generated, never written in a file.
    const [row] = await tx
      .insert(s.organisations)
      .values({ ...values, rebookingSecret: randomBytes(16).toString('hex') })
      .returning({ id: s.organisations.id });
    organisationId = row!.id;
  }
  // Fees: no order refers to one (an order line copies its amount), so the list is written anew.
  await tx.delete(s.organisationAdditions).where(eq(s.organisationAdditions.organisationId, organisationId));
  if (o.fees.length)
    await tx.insert(s.organisationAdditions).values(
      o.fees.map((fee, sort) => ({
        organisationId,
        name: storedText(fee.name, o.default_language),
        amountCents: cents(fee.amount),
        type: fee.on === 'REBOOKING' ? 1 : 0,
        sort,
      })),
    );
  return organisationId;
}

type Current = Awaited<ReturnType<typeof loadCurrent>>;

async function loadCurrent(tx: Tx, organisationId: number) {
  // One after the other: a transaction is one connection, which runs one query at a time anyway (decision 0202).
  const groups = await tx
    .select()
    .from(s.clientGroups)
    .where(eq(s.clientGroups.organisationId, organisationId));
  const categories = await tx
    .select()
    .from(s.categories)
    .where(eq(s.categories.organisationId, organisationId));
  const upsells = await tx.select().from(s.upsells).where(eq(s.upsells.organisationId, organisationId));
  const products = await tx.select().from(s.products).where(eq(s.products.organisationId, organisationId));
  const subscriptions = await tx
    .select()
    .from(s.subscriptions)
    .where(eq(s.subscriptions.organisationId, organisationId));
  const vouchers = await tx.select().from(s.vouchers).where(eq(s.vouchers.organisationId, organisationId));
  const coupons = await tx.select().from(s.coupons).where(eq(s.coupons.organisationId, organisationId));
  const fields = await tx.select().from(s.fields).where(eq(s.fields.organisationId, organisationId));
  const productIds = products.map((p) => p.id);
  const subscriptionIds = subscriptions.map((x) => x.id);
  const voucherIds = vouchers.map((v) => v.id);
  const audiences =
    productIds.length + subscriptionIds.length === 0
      ? []
      : await tx
          .select()
          .from(s.audiences)
          .where(
            or(
              productIds.length ? inArray(s.audiences.productId, productIds) : undefined,
              subscriptionIds.length ? inArray(s.audiences.subscriptionId, subscriptionIds) : undefined,
            ),
          );
  const values = voucherIds.length
    ? await tx.select().from(s.voucherValues).where(inArray(s.voucherValues.voucherId, voucherIds))
    : [];
  return {
    organisationId,
    groups,
    categories,
    upsells,
    products,
    subscriptions,
    vouchers,
    coupons,
    fields,
    audiences,
    values,
  };
}

async function writeAudiences(
  tx: Tx,
  owner: { productId: number } | { subscriptionId: number },
  list: readonly CatalogueAudience[],
  existing: Current['audiences'],
  text: (value: CatalogueText | undefined) => s.LocalizedText,
): Promise<void> {
  const ownerId = 'productId' in owner ? owner.productId : owner.subscriptionId;
  const mine = existing.filter((a) => ('productId' in owner ? a.productId : a.subscriptionId) === ownerId);
  const kept: number[] = [];
  for (const [sort, audience] of list.entries()) {
    const found = mine.find((a) => keyOf(a, 'audience') === audience.key);
    const values = {
      ...owner,
      key: audience.key,
      name: text(audience.name),
      description: text(audience.description),
      priceCents: cents(audience.price),
      group: audience.group ?? null,
      minQuantity: audience.min_quantity,
      dependant: audience.dependant,
      sort,
    };
    if (found) {
      await tx.update(s.audiences).set(values).where(eq(s.audiences.id, found.id));
      kept.push(found.id);
    } else {
      const [row] = await tx.insert(s.audiences).values(values).returning({ id: s.audiences.id });
      kept.push(row!.id);
    }
  }
  const removed = mine.filter((a) => !kept.includes(a.id)).map((a) => a.id);
  if (removed.length) await tx.delete(s.audiences).where(inArray(s.audiences.id, removed));
}

/** A product without days is sold on one open plot; its seats are the file's `capacity`. */
async function writeOpenPlot(tx: Tx, productId: number, capacity: number | null): Promise<void> {
  const [plot] = await tx
    .select({ id: s.plots.id })
    .from(s.plots)
    .where(and(eq(s.plots.productId, productId), isNull(s.plots.date)))
    .orderBy(s.plots.id)
    .limit(1);
  if (plot) await tx.update(s.plots).set({ capacity }).where(eq(s.plots.id, plot.id));
  else await tx.insert(s.plots).values({ productId, date: null, capacity });
}

/**
 * Items the file no longer has: deleted when nothing was ever ordered,
 * archived (kept for the orders that name them) otherwise. Live orders were
 * refused before; these only have expired, cancelled or failed ones.
 */
async function removeItems(
  tx: Tx,
  current: Current | null,
  productIds: Map<string, number>,
  subscriptionIds: Map<string, number>,
  voucherIds: Map<string, number>,
): Promise<void> {
  if (!current) return;
  const gone = <R extends { id: number; slug: string; state: s.ItemState }>(
    rows: R[],
    kept: Map<string, number>,
  ) => rows.filter((r) => !kept.has(r.slug) && r.state !== 'ARCHIVED').map((r) => r.id);
  const products = gone(current.products, productIds);
  const ordered = await ordersWithLines(tx, 'productId', products);
  for (const id of products)
    if (ordered.has(id)) await tx.update(s.products).set({ state: 'ARCHIVED' }).where(eq(s.products.id, id));
    else await tx.delete(s.products).where(eq(s.products.id, id));

  const subscriptions = gone(current.subscriptions, subscriptionIds);
  const orderedSubscriptions = await ordersWithLines(tx, 'subscriptionId', subscriptions);
  const held = subscriptions.length
    ? await tx
        .select({ id: s.clientSubscriptions.subscriptionId })
        .from(s.clientSubscriptions)
        .where(inArray(s.clientSubscriptions.subscriptionId, subscriptions))
    : [];
  for (const id of subscriptions)
    if (orderedSubscriptions.has(id) || held.some((h) => h.id === id))
      await tx.update(s.subscriptions).set({ state: 'ARCHIVED' }).where(eq(s.subscriptions.id, id));
    else await tx.delete(s.subscriptions).where(eq(s.subscriptions.id, id));

  const vouchers = gone(current.vouchers, voucherIds);
  const values = current.values.filter((v) => vouchers.includes(v.voucherId));
  const orderedValues = await ordersWithLines(
    tx,
    'voucherValueId',
    values.map((v) => v.id),
  );
  for (const id of vouchers)
    if (values.some((v) => v.voucherId === id && orderedValues.has(v.id)))
      await tx.update(s.vouchers).set({ state: 'ARCHIVED' }).where(eq(s.vouchers.id, id));
    else await tx.delete(s.vouchers).where(eq(s.vouchers.id, id));
}

async function deleteOthers(
  tx: Tx,
  table: typeof s.clientGroups | typeof s.categories | typeof s.upsells | typeof s.fields,
  organisationId: number,
  keep: number[],
): Promise<void> {
  await tx
    .delete(table)
    .where(
      and(eq(table.organisationId, organisationId), keep.length ? notInArray(table.id, keep) : undefined),
    );
}

/**
 * Everything an import may not do to what is sold, checked before any write:
 * a product, subscription or voucher with standing orders removed; an
 * audience, upsell or voucher value that was ever ordered removed (the order
 * lines keep pointing at it); an open plot's capacity below its seats sold.
 */
async function refuseBreakingChanges(
  tx: Tx,
  file: CatalogueFile,
  current: Current,
  now: Date,
  lockPlots: boolean,
): Promise<void> {
  const reasons: string[] = [];
  const fileProducts = new Map(file.products.map((p) => [p.slug, p]));
  const fileSubscriptions = new Map(file.subscriptions.map((x) => [x.slug, x]));
  const fileVouchers = new Map(file.vouchers.map((v) => [v.slug, v]));
  const live = (rows: { id: number; slug: string; state: s.ItemState }[], kept: Map<string, unknown>) =>
    rows.filter((r) => r.state !== 'ARCHIVED' && !kept.has(r.slug));

  const removedProducts = live(current.products, fileProducts);
  const productOrders = await ordersWithLines(
    tx,
    'productId',
    removedProducts.map((p) => p.id),
    LIVE_ORDER_STATUSES,
  );
  for (const p of removedProducts)
    if (productOrders.has(p.id))
      reasons.push(
        `product "${p.slug}" cannot be removed while orders stand (${nameOrders(productOrders.get(p.id)!)})`,
      );

  const removedSubscriptions = live(current.subscriptions, fileSubscriptions);
  const subscriptionOrders = await ordersWithLines(
    tx,
    'subscriptionId',
    removedSubscriptions.map((x) => x.id),
    LIVE_ORDER_STATUSES,
  );
  for (const x of removedSubscriptions)
    if (subscriptionOrders.has(x.id))
      reasons.push(
        `subscription "${x.slug}" cannot be removed while orders stand (${nameOrders(subscriptionOrders.get(x.id)!)})`,
      );

  const removedVouchers = live(current.vouchers, fileVouchers);
  const voucherValueOrders = await ordersWithLines(
    tx,
    'voucherValueId',
    current.values.filter((v) => removedVouchers.some((x) => x.id === v.voucherId)).map((v) => v.id),
    LIVE_ORDER_STATUSES,
  );
  for (const v of removedVouchers) {
    const refs = current.values
      .filter((value) => value.voucherId === v.id)
      .flatMap((value) => voucherValueOrders.get(value.id) ?? []);
    if (refs.length)
      reasons.push(
        `voucher "${v.slug}" cannot be removed while orders stand (${nameOrders([...new Set(refs)])})`,
      );
  }

  // Audiences of items the file keeps, that the file leaves out.
  const removedAudiences = current.audiences.filter((a) => {
    const product = current.products.find((p) => p.id === a.productId);
    const subscription = current.subscriptions.find((x) => x.id === a.subscriptionId);
    const kept = product
      ? fileProducts.get(product.slug)?.audiences
      : subscription
        ? fileSubscriptions.get(subscription.slug)?.audiences
        : undefined;
    return kept !== undefined && !kept.some((k) => k.key === keyOf(a, 'audience'));
  });
  const audienceOrders = await ordersWithLines(
    tx,
    'audienceId',
    removedAudiences.map((a) => a.id),
  );
  for (const a of removedAudiences)
    if (audienceOrders.has(a.id)) {
      const owner =
        current.products.find((p) => p.id === a.productId)?.slug ??
        current.subscriptions.find((x) => x.id === a.subscriptionId)?.slug;
      reasons.push(
        `audience "${keyOf(a, 'audience')}" of "${owner}" cannot be removed: it has tickets (${nameOrders(audienceOrders.get(a.id)!)})`,
      );
    }

  const fileUpsells = new Set(file.upsells.map((u) => u.key));
  const removedUpsells = current.upsells.filter((u) => !fileUpsells.has(keyOf(u, 'upsell')));
  const upsellOrders = await ordersWithLines(
    tx,
    'upsellId',
    removedUpsells.map((u) => u.id),
  );
  for (const u of removedUpsells)
    if (upsellOrders.has(u.id))
      reasons.push(
        `upsell "${keyOf(u, 'upsell')}" cannot be removed: it was ordered (${nameOrders(upsellOrders.get(u.id)!)})`,
      );

  const removedValues = current.values.filter((v) => {
    const voucher = current.vouchers.find((x) => x.id === v.voucherId);
    const kept = voucher ? fileVouchers.get(voucher.slug)?.values : undefined;
    return kept !== undefined && !kept.some((k) => k.key === keyOf(v, 'value'));
  });
  const valueOrders = await ordersWithLines(
    tx,
    'voucherValueId',
    removedValues.map((v) => v.id),
  );
  for (const v of removedValues)
    if (valueOrders.has(v.id))
      reasons.push(
        `voucher value "${keyOf(v, 'value')}" cannot be removed: it was ordered (${nameOrders(valueOrders.get(v.id)!)})`,
      );

  // Open plots (products without days): never fewer seats than are sold.
  const openProducts = file.products.flatMap((p, index) => {
    const row = current.products.find((r) => r.slug === p.slug);
    return row && !p.days && p.capacity_type === 'PLOT' && p.capacity !== undefined
      ? [{ p, index, id: row.id }]
      : [];
  });
  const seats = await openPlotSeats(
    tx,
    openProducts.map((o) => o.id),
    now,
    lockPlots,
  );
  for (const { p, index, id } of openProducts) {
    const taken = seats.get(id);
    if (taken && taken.held > p.capacity!)
      reasons.push(
        `products[${index}].capacity: ${p.capacity} is below the ${taken.held} seats sold on "${p.slug}" (${nameOrders(taken.references)})`,
      );
  }
  if (reasons.length) throw new CatalogueRefused(reasons);
}
