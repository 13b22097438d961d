import { sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { RushSettings } from '@kassa/domain/rules/rush';
import {
  audiences,
  fields,
  organisationAdditions,
  organisations,
  plotAudiencePrices,
  plots,
  productUpsells,
  products,
  upsells,
} from '../../db/schema.ts';
import { decodeRow, decodeRows, rowJson } from '../../lib/json-rows.ts';
import { offeredItem } from '../../lib/displayable.ts';

export type ProductRow = typeof products.$inferSelect;
export type PlotRow = typeof plots.$inferSelect;
export type AudienceRow = typeof audiences.$inferSelect;
export type UpsellRow = typeof upsells.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;
export type AdditionRow = typeof organisationAdditions.$inferSelect;

/** Everything pricing needs about the products of one order request, loaded server-side. */
export interface OrderCatalog {
  products: Map<number, ProductRow>;
  /** Audiences by product id, in shop order. */
  audiences: Map<number, AudienceRow[]>;
  /** The requested plots and every product's open plot (date null). */
  plots: Map<number, PlotRow>;
  /** Plot id → audience id → cents. */
  plotAudiencePrices: Map<number, Map<number, number>>;
  /** Upsells offered with each product, by product id then upsell id. */
  upsells: Map<number, Map<number, UpsellRow>>;
}

export interface CatalogRequest {
  organisationId: number;
  viewerGroupIds: readonly number[];
  productIds: readonly number[];
  plotIds: readonly number[];
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/** Everything the order path reads before pricing: the catalogue, and the organisation's fields and additions. */
interface OrderContextRows {
  catalog: OrderCatalog;
  /** The organisation's customer fields, in form order. */
  fields: FieldRow[];
  /** The organisation's additions, in shop order. */
  additions: AdditionRow[];
  /**
   * The shop's rush, read fresh with the rest (the cached organisation row
   * may be older): the order's rush gate decides from it and the products'
   * own rushes without reading them again in the booking (decision 0266).
   */
  shopRush: RushSettings | null;
}

/** `(SELECT json_agg(row) FROM table WHERE … ORDER BY …)`: one table's rows as one JSON value. */
function rowsOf(table: Table, where: SQL, orderBy?: SQL): SQL {
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  return sql`(SELECT json_agg(${rowJson(table)}${order}) FROM ${table} WHERE ${where})`;
}

/** Integer list parameters of the context statement: one SQL text for any number of ids. */
function anyOf(column: SQL | Column, name: string): SQL {
  return sql`${column} = ANY(${sql.placeholder(name)}::int[])`;
}

/**
 * The context statement, with placeholders for the organisation, products
 * and plots. Offers to client groups put the viewer's groups in the text
 * (offeredItem), so only the everyone-statement has a fixed text.
 */
function contextStatement(viewerGroupIds: readonly number[]): SQL {
  const organisationId = sql.placeholder('organisationId');
  const plotFilter = sql`${anyOf(plots.productId, 'productIds')}
    AND (${anyOf(plots.id, 'plotIds')} OR ${plots.date} IS NULL)`;
  const audienceFilter = anyOf(audiences.productId, 'productIds');
  // offeredItem compares the organisation id as a value: the placeholder stands in for it.
  const offered = offeredItem(products, organisationId as unknown as number, viewerGroupIds);
  return sql`SELECT
    ${rowsOf(products, sql`${anyOf(products.id, 'productIds')} AND ${offered}`)} AS products,
    ${rowsOf(audiences, audienceFilter, sql`${audiences.sort}, ${audiences.id}`)} AS audiences,
    ${rowsOf(plots, plotFilter, sql`${plots.id}`)} AS plots,
    (SELECT json_agg(json_build_array(${productUpsells.productId}, ${rowJson(upsells)}))
      FROM ${productUpsells} INNER JOIN ${upsells} ON ${upsells.id} = ${productUpsells.upsellId}
      WHERE ${anyOf(productUpsells.productId, 'productIds')} AND ${upsells.organisationId} = ${organisationId}
    ) AS upsells,
    ${rowsOf(
      // Plot audience prices only matter to products sold per audience.
      plotAudiencePrices,
      sql`${plotAudiencePrices.plotId} IN (SELECT ${plots.id} FROM ${plots} WHERE ${plotFilter})
        AND EXISTS (SELECT 1 FROM ${audiences} WHERE ${audienceFilter})`,
    )} AS prices,
    ${rowsOf(fields, sql`${fields.organisationId} = ${organisationId}`, sql`${fields.sort}, ${fields.id}`)} AS fields,
    ${rowsOf(
      organisationAdditions,
      sql`${organisationAdditions.organisationId} = ${organisationId}`,
      sql`${organisationAdditions.sort}, ${organisationAdditions.id}`,
    )} AS additions,
    (SELECT ${organisations.rush} FROM ${organisations} WHERE ${organisations.id} = ${organisationId}) AS shop_rush`;
}

type ContextQuery = { execute(values: Record<string, unknown>): Promise<unknown> };

const dialect = new PgDialect();
/** The everyone-statement per database, built once: a named prepared statement on node-postgres. */
const everyoneQueries = new WeakMap<Db, ContextQuery>();

function contextQuery(db: Db, viewerGroupIds: readonly number[]): ContextQuery {
  const prepare = (name: string | undefined) =>
    db._.session.prepareQuery(dialect.sqlToQuery(contextStatement(viewerGroupIds)), undefined, name, false);
  // A transaction's session is one pooled client for its lifetime only: nothing of it is kept.
  if (viewerGroupIds.length > 0 || db instanceof PgTransaction) return prepare(undefined);
  let query = everyoneQueries.get(db);
  if (!query) {
    query = prepare('order_context');
    everyoneQueries.set(db, query);
  }
  return query;
}

/**
 * Loads the products (only those this viewer may order), their audiences,
 * upsells, the requested and open plots and plot audience prices, and the
 * organisation's customer fields and additions, in one statement (the
 * order path is bound by statements per order, decision 0011). Its text is
 * built once and kept prepared, so neither drizzle nor PostgreSQL parses it
 * per order. Client-sent prices are never read: this is the price source.
 */
export async function loadOrderContext(db: Db, request: CatalogRequest): Promise<OrderContextRows> {
  const result = await contextQuery(db, request.viewerGroupIds).execute({
    organisationId: request.organisationId,
    productIds: [...new Set(request.productIds)],
    plotIds: [...new Set(request.plotIds)],
  });
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const productRows = decodeRows(products, row?.products);
  const audienceRows = decodeRows(audiences, row?.audiences);
  const plotRows = decodeRows(plots, row?.plots);
  const priceRows = decodeRows(plotAudiencePrices, row?.prices);
  const upsellRows = (jsonValue<[unknown, unknown][]>(row?.upsells) ?? []).map(([productId, upsell]) => ({
    productId: productId as number,
    upsell: decodeRow(upsells, upsell),
  }));
  const plotPrices = new Map<number, Map<number, number>>();
  for (const price of priceRows) {
    const prices = plotPrices.get(price.plotId) ?? new Map<number, number>();
    prices.set(price.audienceId, price.priceCents);
    plotPrices.set(price.plotId, prices);
  }
  const upsellsByProduct = new Map<number, Map<number, UpsellRow>>();
  for (const [productId, rows] of groupBy(upsellRows, (upsellRow) => upsellRow.productId)) {
    upsellsByProduct.set(
      productId,
      new Map(rows.map((upsellRow) => [upsellRow.upsell.id, upsellRow.upsell])),
    );
  }
  return {
    catalog: {
      products: new Map(productRows.map((product) => [product.id, product])),
      audiences: groupBy(audienceRows, (audience) => audience.productId ?? 0),
      plots: new Map(plotRows.map((plot) => [plot.id, plot])),
      plotAudiencePrices: plotPrices,
      upsells: upsellsByProduct,
    },
    fields: decodeRows(fields, row?.fields),
    additions: decodeRows(organisationAdditions, row?.additions),
    shopRush: jsonValue<RushSettings>(row?.shop_rush),
  };
}

/** A json column's value: parsed by most drivers, text by some. */
function jsonValue<T>(value: unknown): T | null {
  return ((typeof value === 'string' ? JSON.parse(value) : value) ?? null) as T | null;
}
