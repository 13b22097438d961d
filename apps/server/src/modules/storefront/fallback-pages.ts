import { escapeHtml } from './head-html.ts';

/**
 * Small self-contained pages for when the storefront cannot start: they must
 * work without the built assets, so no scripts and inline styles only.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933}code{background:#eef2f5;padding:.1rem .3rem;border-radius:3px}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

export function storefrontNotBuiltPage(distFolder: string): string {
  return page(
    'Kassa: the storefront is not built yet',
    `<p>The server is running, but there is no built storefront at <code>${escapeHtml(distFolder)}</code>.</p>
<p>Run <code>npm run build</code> in the repository (or start with <code>npm start</code>, which builds first), then reload this page.</p>
<p>The API is available under <code>/api</code>.</p>`,
  );
}

export function shopNotConfiguredPage(): string {
  return page(
    'This shop is not set up yet',
    `<p>The server has no organisation to serve. Start it with <code>SEED_DEMO=true</code> for the demo shop, or check the <code>ORGANISATION</code> setting.</p>`,
  );
}
