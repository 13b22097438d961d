/**
 * Splits rows for multi-row INSERTs: one statement per chunk keeps the seed
 * fast while staying far below PostgreSQL's 65 535 bind parameters.
 */
export function chunks<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
