import { lstatSync } from 'node:fs';
import path from 'node:path';

/**
 * @fastify/static's allowedPath for /media/: false when the file asked for
 * under `root`, or a folder on the way to it, is a symbolic link. `send`
 * follows links, so a link dropped into the media folder (by hand, or by an
 * older import) would serve whatever it points to. A path that does not exist
 * under this root passes, so the next root is tried (decision 0200).
 */
export function reachedWithoutLinks(pathname: string, root: string): boolean {
  let decoded: string;
  try {
    // send decodes %2F too, so the path is checked as send will open it.
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = path.join(root, decoded);
  const relative = path.relative(root, file);
  // Leaving the root is send's to refuse (403); nothing here to look at.
  if (relative.startsWith('..') || path.isAbsolute(relative)) return true;
  let step = root;
  for (const part of relative.split(path.sep).filter(Boolean)) {
    step = path.join(step, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(step).isSymbolicLink();
    } catch {
      return true;
    }
    if (isLink) return false;
  }
  return true;
}
