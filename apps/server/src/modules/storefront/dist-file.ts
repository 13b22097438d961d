import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The file under the dist folder a request path names, as a path relative to
 * it, or undefined when there is none (then the SPA fallback answers).
 * Refuses anything that would leave the folder or is not a regular file;
 * a name without an extension is taken for a page without a look.
 */
export async function distFileFor(distFolder: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  // Dot segments cover `..` and hidden files, neither of which a build serves.
  if (relative === '' || relative.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  // Every file a build writes has an extension; a path without one is a page, and a
  // page view should not cost a file system call (and an ENOENT error) to find that out.
  if (!path.posix.basename(relative).includes('.')) return undefined;
  const absolute = path.resolve(distFolder, relative);
  if (!absolute.startsWith(distFolder + path.sep)) return undefined;
  try {
    return (await stat(absolute)).isFile() ? relative : undefined;
  } catch {
    return undefined;
  }
}
