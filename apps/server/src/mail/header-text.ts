/**
 * Makes a value safe for a mail header: line breaks (CR, LF and the Unicode
 * line separators) become spaces, so text a visitor typed can never end a
 * header and start another one (header injection: `Bcc: …`).
 */
export function headerText(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}
