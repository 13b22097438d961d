import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_DEFINITIONS_ELEMENT_ID } from '@kassa/domain/contract/page-definitions';

/** index.html cut around the page-definitions element: page = before + json + after. */
export interface IndexTemplate {
  before: string;
  after: string;
  /** False when the build lacks the element and the definitions go before </head> instead. */
  hasPlaceholder: boolean;
  /**
   * `before` without the build's <title>, cut around the <html> element's lang
   * attribute and in front of the page-definitions element, for pages whose
   * head the server writes: start + lang + rest + head tags + open.
   */
  withHead: { start: string; rest: string; open: string };
  /**
   * `after` cut at `</head>` and inside the empty #root element, for pages
   * the server renders (decision 0153): head + page links + open + markup +
   * `</div>` + page data + rest. The page's style sheets go last in the head,
   * after the build's, as the browser would add them. Undefined when the
   * build has no `</head>` before an empty `<div id="root"></div>`.
   */
  root?: { head: string; open: string; rest: string };
}

/** A page's rendered content: the markup of #root, its page data as script-safe JSON, and the links its head needs. */
export interface PageBodyHtml {
  html: string;
  dataJson: string;
  /** The page chunk's style sheets and module preloads (route-assets.ts). */
  headTags: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const ROOT_OPEN = '<div id="root">';

/** What the server writes into one page: its language and the tags of its head (head-html.ts). */
export interface PageHeadHtml {
  language: string;
  tags: string;
  /** 404 for a page that is not there (decision 0197); absent means 200. */
  status?: 404;
  /** On a 404: the kind of item the link named, which the page says is gone. */
  gone?: string;
}

/** The storefront's lib/page-data.ts PAGE_DATA_ID. */
export const PAGE_DATA_ELEMENT_ID = 'kassa-page-data';

const ELEMENT_OPEN = `<script type="application/json" id="${PAGE_DEFINITIONS_ELEMENT_ID}">`;

const placeholderPattern = new RegExp(
  `<script\\b[^>]*\\bid=["']${PAGE_DEFINITIONS_ELEMENT_ID}["'][^>]*>[\\s\\S]*?</script>`,
  'i',
);

/** Splits the built index.html at the element the server fills in. */
export function parseIndexTemplate(html: string): IndexTemplate {
  const match = placeholderPattern.exec(html);
  if (match) {
    const head = html.slice(0, match.index);
    const after = `</script>${html.slice(match.index + match[0].length)}`;
    return {
      before: head + ELEMENT_OPEN,
      after,
      hasPlaceholder: true,
      withHead: splitForHead(head),
      root: splitAtRoot(after),
    };
  }
  const headEnd = html.search(/<\/head>/i);
  const cut = headEnd === -1 ? 0 : headEnd;
  const after = `</script>${html.slice(cut)}`;
  return {
    before: html.slice(0, cut) + ELEMENT_OPEN,
    after,
    hasPlaceholder: false,
    withHead: splitForHead(html.slice(0, cut)),
    root: splitAtRoot(after),
  };
}

function splitAtRoot(after: string): IndexTemplate['root'] {
  const at = after.indexOf(ROOT_ELEMENT);
  const headEnd = after.search(/<\/head>/i);
  if (at === -1 || headEnd === -1 || headEnd > at) return undefined;
  return {
    head: after.slice(0, headEnd),
    open: after.slice(headEnd, at) + ROOT_OPEN,
    rest: after.slice(at + ROOT_ELEMENT.length),
  };
}

/**
 * The page data block follows #root: JSON, never executed, so the strict
 * `script-src 'self'` of decision 0101 holds.
 */
function pageDataElement(dataJson: string): string {
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${dataJson}</script>`;
}

function splitForHead(head: string): IndexTemplate['withHead'] {
  const untitled = head.replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/i, '');
  const htmlTag = /<html\b([^>]*)>/i.exec(untitled);
  if (!htmlTag) return { start: '', rest: untitled, open: ELEMENT_OPEN };
  const otherAttributes = (htmlTag[1] ?? '').replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/i, '');
  return {
    start: `${untitled.slice(0, htmlTag.index)}<html lang="`,
    rest: `"${otherAttributes}>${untitled.slice(htmlTag.index + htmlTag[0].length)}`,
    open: ELEMENT_OPEN,
  };
}

/**
 * The page: the template with the page definitions, with the server's head
 * when given, and with the rendered content of #root when given.
 */
export function renderIndex(
  template: IndexTemplate,
  json: string,
  head?: PageHeadHtml,
  body?: PageBodyHtml,
): string {
  const after =
    body && template.root
      ? `${template.root.head}${body.headTags}${template.root.open}${body.html}</div>${pageDataElement(body.dataJson)}${template.root.rest}`
      : template.after;
  if (!head) return template.before + json + after;
  const { start, rest, open } = template.withHead;
  // The language is one of the supported codes (page-head.ts), never visitor text.
  const lang = start ? head.language : '';
  return start + lang + rest + head.tags + open + json + after;
}

/** How long a look at index.html is trusted: a page view within it costs no file system call. */
export const TEMPLATE_CHECK_MS = 1000;

/**
 * Reads dist/index.html and keeps it while the file stays the same: at most
 * one stat a second instead of a read and a parse per page. A rebuild under a
 * running server (new asset hashes) is picked up within a second, instead of
 * serving a page whose scripts no longer exist; a missing file is not remembered.
 */
export function indexTemplateLoader(
  distFolder: string,
  now: () => number = Date.now,
): () => Promise<IndexTemplate | undefined> {
  const indexFile = path.join(distFolder, 'index.html');
  let cached: { template: IndexTemplate; version: string; checkedAt: number } | undefined;
  // One look at a time: the pages asked for meanwhile share it, and so one template object
  // (the pages' bytes are kept per template: compressed-page.ts).
  let looking: Promise<IndexTemplate | undefined> | undefined;
  const look = async (): Promise<IndexTemplate | undefined> => {
    try {
      const info = await stat(indexFile);
      const version = `${info.mtimeMs}:${info.size}`;
      if (cached?.version !== version) {
        cached = {
          template: parseIndexTemplate(await readFile(indexFile, 'utf8')),
          version,
          checkedAt: now(),
        };
      }
      cached.checkedAt = now();
      return cached.template;
    } catch (error) {
      cached = undefined;
      if (isMissingFile(error)) return undefined;
      throw error;
    }
  };
  return () => {
    if (cached && now() - cached.checkedAt < TEMPLATE_CHECK_MS) return Promise.resolve(cached.template);
    looking ??= look().finally(() => (looking = undefined));
    return looking;
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
