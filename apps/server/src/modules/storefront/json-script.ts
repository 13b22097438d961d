/**
 * JSON for the inside of a <script> element. JSON.stringify alone is not
 * enough: a value containing `</script>` or `<!--` would end or confuse the
 * element, and U+2028/U+2029 break older JavaScript parsers. Escaping `<`, `>`
 * and `&` as \u00XX keeps the text valid JSON that parses to the same value.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
