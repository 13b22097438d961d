import { readFile } from 'node:fs/promises';
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
 * Reads dist/index.html once and keeps it: the file changes only with a new
 * build, which means a restart. A missing file is not remembered, so a build
 * made after start-up is picked up on the next request.
 */
export function indexTemplateLoader(distFolder: string): () => Promise<IndexTemplate | undefined> {
  let cached: IndexTemplate | undefined;
  return async () => {
    if (cached) return cached;
    try {
      cached = parseIndexTemplate(await readFile(path.join(distFolder, 'index.html'), 'utf8'));
      return cached;
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      throw error;
    }
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
