import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { creditNotes, invoices } from '../../db/schema.ts';

export type IssuedInvoice = typeof invoices.$inferSelect;
export type IssuedCreditNote = typeof creditNotes.$inferSelect;

/** The order's invoice as issued, or null before one is. */
export async function issuedInvoice(db: Db | Tx, orderId: number): Promise<IssuedInvoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ?? null;
}

/** The order's credit notes, oldest first. */
export async function orderCreditNotes(db: Db | Tx, orderId: number): Promise<IssuedCreditNote[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id));
}
