import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentCounters } from '../../db/schema.ts';

export type DocumentKind = 'INVOICE' | 'CREDIT_NOTE';

/**
 * The next number of a shop's kind of document in a year, gap-free: one
 * statement increments the counter row (or makes it at 1), and the row stays
 * locked until the issuing transaction ends; a transaction that rolls back
 * gives its number back with it, so none is skipped and none is shared
 * (decision 0242).
 *
 * `unlocked` is the race test's negative control only: it reads the last
 * number and writes it back plus one in two statements, as a naive
 * implementation would, so concurrent issuers read the same number.
 */
export async function nextDocumentNumber(
  tx: Tx,
  organisationId: number,
  kind: DocumentKind,
  year: number,
  options: { unlocked?: boolean } = {},
): Promise<number> {
  if (options.unlocked) {
    const [row] = await tx
      .select({ last: documentCounters.last })
      .from(documentCounters)
      .where(
        and(
          eq(documentCounters.organisationId, organisationId),
          eq(documentCounters.kind, kind),
          eq(documentCounters.year, year),
        ),
      );
    const next = (row?.last ?? 0) + 1;
    await tx
      .insert(documentCounters)
      .values({ organisationId, kind, year, last: next })
      .onConflictDoUpdate({
        target: [documentCounters.organisationId, documentCounters.kind, documentCounters.year],
        set: { last: next },
      });
    return next;
  }
  const [row] = await tx
    .insert(documentCounters)
    .values({ organisationId, kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.organisationId, documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return row!.last;
}

/** As printed: 2026-00042 for an invoice, CN-2026-00007 for a credit note. */
export function documentNumber(kind: DocumentKind, year: number, sequence: number): string {
  const number = `${year}-${String(sequence).padStart(5, '0')}`;
  return kind === 'INVOICE' ? number : `CN-${number}`;
}
