import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_DEFINITIONS_ELEMENT_ID } from '@kassa/domain/contract/page-definitions';

/** index.html cut around the page-definitions element: page = before + json + after. */
export interface IndexTemplate {
  before: string;
  after: string;
  /** False when the build lacks the element and the definitions go before </head> instead. */
  hasPlaceholder: boolean;
}

const placeholderPattern = new RegExp(
  `<script\\b[^>]*\\bid=["']${PAGE_DEFINITIONS_ELEMENT_ID}["'][^>]*>[\\s\\S]*?</script>`,
  'i',
);

/** Splits the built index.html at the element the server fills in. */
export function parseIndexTemplate(html: string): IndexTemplate {
  const match = placeholderPattern.exec(html);
  if (match) {
    return {
      before: `${html.slice(0, match.index)}<script type="application/json" id="${PAGE_DEFINITIONS_ELEMENT_ID}">`,
      after: `</script>${html.slice(match.index + match[0].length)}`,
      hasPlaceholder: true,
    };
  }
  const headEnd = html.search(/<\/head>/i);
  const cut = headEnd === -1 ? 0 : headEnd;
  return {
    before: `${html.slice(0, cut)}<script type="application/json" id="${PAGE_DEFINITIONS_ELEMENT_ID}">`,
    after: `</script>${html.slice(cut)}`,
    hasPlaceholder: false,
  };
}

export function renderIndex(template: IndexTemplate, json: string): string {
  return template.before + json + template.after;
}

/**
 * Reads dist/index.html and keeps it while the file stays the same: one stat
 * per page instead of a read and a parse. A rebuild under a running server
 * (new asset hashes) is picked up on the next request, instead of serving a
 * page whose scripts no longer exist; a missing file is not remembered.
 */
export function indexTemplateLoader(distFolder: string): () => Promise<IndexTemplate | undefined> {
  const indexFile = path.join(distFolder, 'index.html');
  let cached: { template: IndexTemplate; version: string } | undefined;
  return async () => {
    try {
      const info = await stat(indexFile);
      const version = `${info.mtimeMs}:${info.size}`;
      if (cached?.version !== version) {
        cached = { template: parseIndexTemplate(await readFile(indexFile, 'utf8')), version };
      }
      return cached.template;
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      throw error;
    }
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
