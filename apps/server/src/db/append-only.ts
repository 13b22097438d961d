/**
 * Tables whose rows are history: once written they are never changed or
 * removed, whoever asks (a bug, a hand-written query, a compromised staff
 * route). Drizzle's migrations have no triggers, so these are (re)created
 * after every migration run; the statements are idempotent.
 */
export const APPEND_ONLY_TABLES = ['audit_log'] as const;

export function appendOnlyStatements(): string[] {
  return [
    `CREATE OR REPLACE FUNCTION kassa_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'KS403';
END
$$`,
    ...APPEND_ONLY_TABLES.flatMap((table) => [
      `DROP TRIGGER IF EXISTS ${table}_append_only ON ${table}`,
      `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
FOR EACH ROW EXECUTE FUNCTION kassa_refuse_change()`,
    ]),
  ];
}
