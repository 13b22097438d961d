/**
 * A JSON serializer that remembers its output per answer object. Answers from
 * the answer cache are the same object until they expire, so each is turned
 * into text once instead of once per request; the text goes when the object
 * does (WeakMap).
 *
 * It skips the zod response check on purpose: the handler is typed against the
 * contract, and checking a few hundred plots on every request costs more than
 * building them. The route tests parse answers with the contract schema.
 */
export function cachedJsonSerializer(): (data: unknown) => string {
  const texts = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    let text = texts.get(data);
    if (text === undefined) {
      text = JSON.stringify(data);
      texts.set(data, text);
    }
    return text;
  };
}
