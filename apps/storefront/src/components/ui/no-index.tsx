/** Keeps search engines off a page (docs/storefront.md §4.1: items whose visible flag is false). React 19 hoists <meta> into <head>. */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
