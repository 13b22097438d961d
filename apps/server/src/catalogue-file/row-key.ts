/**
 * The key a catalogue file names a row by: its own key, or `<prefix>-<id>`
 * for a row made before it had one (what an export writes for it).
 */
export function rowKey(row: { key: string | null; id: number }, prefix: string): string {
  return row.key ?? `${prefix}-${row.id}`;
}
