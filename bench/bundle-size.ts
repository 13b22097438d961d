import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  /** What was summed: the home route's chunks, or every JS file when there is no manifest. */
  scope: string;
  files: string[];
  gzipBytes: number;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/**
 * JavaScript a visitor downloads to see the home page: the entry chunk, the
 * home route's lazy chunk and everything those import statically, from
 * Vite's dist/.vite/manifest.json.
 */
export function homeRouteJsSize(distFolder: string): BundleSize | undefined {
  return routeJsSize(distFolder, 'home', isHomeRoute) ?? allJsSize(distFolder);
}

/**
 * JavaScript of one route: the entry chunk, the lazy chunk(s) whose source
 * `isRoute` names, and everything those import statically. Undefined without
 * a manifest.
 */
export function routeJsSize(
  distFolder: string,
  route: string,
  isRoute: (source: string) => boolean,
): BundleSize | undefined {
  const manifestFile = path.join(distFolder, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || (chunk.isDynamicEntry && isRoute(chunk.src ?? key)))
    .map(([key]) => key);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);

  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  return { scope: `${route} route`, files, gzipBytes: gzipSum(distFolder, files) };
}

/** The home page's lazy module: src/features/home/… or a route file named home. */
function isHomeRoute(source: string): boolean {
  return /(^|\/)features\/home\/|(^|\/)routes\/home[^/]*$|(^|\/)home-(page|route)\.[jt]sx?$/.test(source);
}

function allJsSize(distFolder: string): BundleSize | undefined {
  const assets = path.join(distFolder, 'assets');
  if (!existsSync(assets)) return undefined;
  const files = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  return { scope: 'all JS (no manifest)', files, gzipBytes: gzipSum(distFolder, files) };
}

function gzipSum(distFolder: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distFolder, file))).length, 0);
}
