import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { lowPriorityScripts } from './build/low-priority-scripts';

const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);
// The server (apps/server) listens on 3000 by default.
const apiTarget = 'http://localhost:3000';

const STAFF_STYLE = '\0kassa-staff-style:';

/**
 * The one style sheet (decision 0169) is every visitor's render-blocking
 * download, so the staff pages' sheets stay out of it (decision 0268): in a
 * build, a style sheet imported by a file under features/staff becomes part
 * of the staff chunk, which adds it to the page as a <style> element when it
 * loads. The dev server keeps Vite's own handling (and its hot reload).
 */
function staffStylesWithStaffCode(): Plugin {
  return {
    name: 'kassa-staff-styles-with-staff-code',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.endsWith('.css') || !/[\\/]features[\\/]staff[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Ends in .js: an id ending in .css would be taken for the sheet itself by Vite's CSS plugins.
      return resolved ? `${STAFF_STYLE}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(STAFF_STYLE)) return null;
      const file = id.slice(STAFF_STYLE.length, -'.js'.length);
      return [
        `import css from ${JSON.stringify(`${file}?inline`)};`,
        // The server's page renderer has no document; staff pages are never rendered there.
        `if (typeof document !== 'undefined') {`,
        `  const style = document.createElement('style');`,
        `  style.textContent = css;`,
        `  document.head.append(style);`,
        `}`,
      ].join('\n');
    },
  };
}

/** index.html's scripts at low priority once Vite has written their tags (build/low-priority-scripts.ts). */
function lowPriorityScriptTags(): Plugin {
  return {
    name: 'kassa-low-priority-script-tags',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: lowPriorityScripts },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), staffStylesWithStaffCode(), lowPriorityScriptTags()],
  resolve: { alias: { '@': src } },
  build: {
    // The server's page renderer (dist-ssr, decision 0153) needs the code only; the files are in dist.
    copyPublicDir: !isSsrBuild,
    // The bench reads dist/.vite/manifest.json to size the home route's chunks.
    manifest: true,
    sourcemap: true,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The shell's shared modules (api client, startup queries, i18n, stores,
              // events, the card primitives) in one chunk instead of a dozen tiny ones:
              // fewer requests and better gzip for the home route's JS budget. An
              // explicit list, so a heavy module added to lib/ later does not ride along.
              name: 'shell',
              test: new RegExp(
                [
                  String.raw`src[\/]lib[\/](api[\/]|api-client|api-error|client-token|language|use-language|page-definitions|cart-store|renewal-store|session-store|storefront-events|format-money|error-message|item-paths|item-state|query-client|i18n\.ts|theme)`,
                  String.raw`src[\/]components[\/](catalog[\/]|ui[\/](alert|loading|card|item-card|read-more|price|no-index)\.)`,
                  // The visit's enrichment runs first in main.tsx; the domain rules it shares with the
                  // checkout would otherwise be a chunk of their own, one more request before the first paint.
                  String.raw`src[\/]lib[\/]visit-enrichment|domain[\/]src[\/]rules[\/](enrichment|storable-text)\.`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
}));
