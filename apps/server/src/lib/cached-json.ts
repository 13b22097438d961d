/**
 * A JSON serializer that remembers its output per answer object. Answers from
 * the answer cache are the same object until they expire, so each is turned
 * into text once instead of once per request; the text goes when the object
 * does (WeakMap).
 *
 * The text is kept as UTF-8 bytes (a Buffer, which Fastify sends as it is):
 * a string would be measured (Content-Length) and encoded again on every
 * request, and a 60-day plots answer is about 80 KB (decision 0269).
 *
 * It skips the zod response check on purpose: the handler is typed against the
 * contract, and checking a few hundred plots on every request costs more than
 * building them. The route tests parse answers with the contract schema.
 */
export function cachedJsonSerializer(): (data: unknown) => string {
  const texts = new WeakMap<object, Buffer>();
  const serialize = (data: unknown): string | Buffer => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    let bytes = texts.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(data), 'utf8');
      texts.set(data, bytes);
    }
    return bytes;
  };
  // Fastify's serializer type says string; its reply sends a Buffer payload unchanged (reply.js onSendEnd).
  return serialize as (data: unknown) => string;
}
