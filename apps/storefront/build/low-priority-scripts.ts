/**
 * The scripts index.html names load at low priority (decision 0273). A
 * catalogue page arrives rendered (decision 0153): its first paint needs the
 * HTML and the style sheet, and the scripts only hydrate what is already on
 * screen. At the default high priority the entry and its modulepreloads
 * (about 100 KB brotli) share a slow connection with the style sheet and the
 * first images, and a paint that comes after they arrived is counted as
 * waiting for them (Lighthouse counts every high-priority script that ended
 * before the first paint, decision 0268). At low priority the browser fetches
 * them after what the paint needs.
 */
const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g;

export function lowPriorityScripts(html: string): string {
  return html.replace(SCRIPT_TAGS, '<$1 fetchpriority="low"');
}
