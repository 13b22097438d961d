import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The build's entry: its chunks and CSS are linked by index.html already. */
const ENTRY = 'index.html';

/**
 * A chunk's files, its imports' first: style sheets then come in the order
 * Vite's own preloading adds them, so a page's CSS still overrides that of
 * the modules it imports (the calendar's over react-day-picker's).
 */
function collect(manifest: Manifest, key: string, files: { js: Set<string>; css: Set<string> }): void {
  const chunk = manifest[key];
  if (!chunk || files.js.has(chunk.file)) return;
  files.js.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files);
  for (const sheet of chunk.css ?? []) files.css.add(sheet);
}

/**
 * The <link> tags a server-rendered page needs in its head beyond
 * index.html's (decision 0153): the style sheets of its lazy page chunk and
 * the chunks it imports, so the HTML paints styled instead of waiting for the
 * script that would load them (no flash of unstyled content, no layout
 * shift). No modulepreload for the chunks: the content is in the HTML, and
 * on a slow phone connection a dozen preloaded scripts competed with the
 * style sheets for the first paint (Lighthouse: product LCP 2.6 s with them,
 * 1.9 s without). Since decision 0169 the build writes one style sheet,
 * linked from index.html, so this finds none; it keeps a page styled if a
 * chunk ever brings its own again.
 */
export function routeAssetTags(manifest: Manifest, source: string): string {
  const entry = { js: new Set<string>(), css: new Set<string>() };
  collect(manifest, ENTRY, entry);
  const page = { js: new Set<string>(entry.js), css: new Set<string>() };
  collect(manifest, source, page);
  return [...page.css]
    .filter((sheet) => !entry.css.has(sheet))
    .map((sheet) => `<link rel="stylesheet" crossorigin href="/${sheet}">`)
    .join('');
}

/**
 * Reads dist/.vite/manifest.json, kept while the file stays the same (as the
 * index template is); no manifest gives no tags.
 */
export function routeAssetsLoader(distFolder: string): (source: string) => Promise<string> {
  const file = path.join(distFolder, '.vite', 'manifest.json');
  let cached: { manifest: Manifest; version: string } | undefined;
  return async (source) => {
    try {
      const info = await stat(file);
      const version = `${info.mtimeMs}:${info.size}`;
      if (cached?.version !== version) {
        cached = { manifest: JSON.parse(await readFile(file, 'utf8')) as Manifest, version };
      }
      return routeAssetTags(cached.manifest, source);
    } catch {
      return '';
    }
  };
}
