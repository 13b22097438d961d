import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { and, eq, notInArray } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { cents } from '../file-values.ts';
import { itemValues, type ItemLinks } from './item-values.ts';
import { rowKey } from '../row-key.ts';
import type { WriteContext } from './write-context.ts';

type Voucher = CatalogueFile['vouchers'][number];

/** The file's vouchers, matched by slug, each with its values. Answers each slug's id. */
export async function writeVouchers(
  ctx: WriteContext,
  links: ItemLinks,
  vouchers: CatalogueFile['vouchers'],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sort, voucher] of vouchers.entries()) {
    const voucherId = await writeVoucherRow(ctx, links, voucher, sort);
    ids.set(voucher.slug, voucherId);
    await writeVoucherValues(ctx, voucherId, voucher.values);
  }
  return ids;
}

async function writeVoucherRow(ctx: WriteContext, links: ItemLinks, voucher: Voucher, sort: number) {
  const { tx } = ctx;
  const found = ctx.current?.vouchers.find((v) => v.slug === voucher.slug);
  const values = {
    ...itemValues(ctx, links, voucher, sort),
    minQuantity: voucher.min_quantity,
    maxQuantity: voucher.max_quantity ?? null,
    showEndTime: voucher.show_end_time,
    validityDays: voucher.validity_days ?? null,
    purpose: voucher.purpose,
    vatRate: voucher.vat_rate ?? null,
  };
  if (found) {
    await tx.update(s.vouchers).set(values).where(eq(s.vouchers.id, found.id));
    return found.id;
  }
  const [row] = await tx.insert(s.vouchers).values(values).returning({ id: s.vouchers.id });
  return row!.id;
}

/** A voucher's values, matched by key; the ones the file left out are deleted. */
async function writeVoucherValues(
  ctx: WriteContext,
  voucherId: number,
  list: Voucher['values'],
): Promise<void> {
  const { tx } = ctx;
  const kept: number[] = [];
  for (const [sort, value] of list.entries()) {
    const existing = ctx.current?.values.find(
      (v) => v.voucherId === voucherId && rowKey(v, 'value') === value.key,
    );
    const row = {
      voucherId,
      key: value.key,
      name: ctx.text(value.name),
      description: ctx.text(value.description),
      priceCents: cents(value.price),
      creditCents: cents(value.credit ?? value.price),
      availability: value.availability ?? null,
      sort,
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
