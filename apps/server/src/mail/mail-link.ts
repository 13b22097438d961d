/**
 * A link in a mail, carrying the order's language (`?lang=`, which the
 * storefront takes over the visitor's stored choice): a Dutch mail opens
 * the shop in Dutch, whichever browser it is opened in.
 */
export function mailLink(url: string, language: string): string {
  const [path = '', hash] = url.split('#', 2);
  const joined = `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
