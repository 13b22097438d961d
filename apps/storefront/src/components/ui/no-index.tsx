/** Keeps search engines off a page (spec §4: items whose visible flag is false). React 19 hoists <meta> into <head>. */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
