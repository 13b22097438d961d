import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '../../lib/render-page.ts';

/** Where `npm run build` leaves the server bundle: beside the storefront's dist folder. */
export function pageRendererFile(distFolder: string): string {
  return path.join(distFolder, '..', 'dist-ssr', 'entry-server.js');
}

/** The storefront's page renderer, or undefined when it is not built (pages are then rendered in the browser only). */
export async function loadPageRenderer(file: string): Promise<RenderPage | undefined> {
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
  if (typeof entry.renderPage !== 'function') {
    throw new Error(`${file} does not export renderPage: rebuild the storefront (npm run build)`);
  }
  return entry.renderPage as RenderPage;
}
