import { passesCheckCharacter } from '@kassa/domain/rules/issued-voucher-code';
import { normaliseVoucherCode, isWellFormedVoucherCode } from '@kassa/domain/rules/voucher-code';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { issuedVouchers } from '../../db/schema.ts';

export type IssuedVoucher = typeof issuedVouchers.$inferSelect;

/**
 * The stored code in compared form. Must stay the expression of the
 * issued_vouchers_org_normalised_code_idx index in schema.ts, or lookups
 * stop using it; it matches normaliseVoucherCode for the A–Z/0–9 codes Kassa issues.
 */
const normalisedCode = sql`upper(regexp_replace(${issuedVouchers.code}, '[[:space:]-]+', '', 'g'))`;

/**
 * An organisation's issued voucher by a code as a person typed it (any case,
 * spaces and dashes ignored); undefined for unknown and malformed codes alike,
 * and for an issued-format code whose check character does not match.
 */
export async function findIssuedVoucher(
  db: Db | Tx,
  organisationId: number,
  typedCode: string,
): Promise<IssuedVoucher | undefined> {
  const code = normaliseVoucherCode(typedCode);
  // A typo in an issued code fails its check character: unknown, without a lookup.
  if (!isWellFormedVoucherCode(code) || !passesCheckCharacter(code)) return undefined;
  const [voucher] = await db
    .select()
    .from(issuedVouchers)
    .where(and(eq(issuedVouchers.organisationId, organisationId), eq(normalisedCode, code)))
    .orderBy(asc(issuedVouchers.id))
    .limit(1);
  return voucher;
}
