/**
 * Bounds of an order's enrichment: the marketing context (campaign tags, the
 * referrer, the embedding page) the storefront sends with every order kind
 * and the server stores with the order (decision 0194). It is data from the
 * visitor's browser, or from any tool that posts orders, so the server takes
 * it only within these bounds; the storefront keeps to them when it captures.
 */
import { isStorableText } from './storable-text.ts';

/** Entries of one object (or items of one list). */
export const ENRICHMENT_MAX_KEYS = 32;
/** The enrichment object is level 1; an object in it level 2; no container below level 3. */
export const ENRICHMENT_MAX_DEPTH = 3;
export const ENRICHMENT_MAX_KEY_LENGTH = 64;
/** A landing page or referrer with its campaign tags fits; a pasted document does not. */
export const ENRICHMENT_MAX_TEXT = 2048;
/** The whole enrichment as JSON text, in UTF-8 bytes. */
export const ENRICHMENT_MAX_BYTES = 8192;

export type EnrichmentProblem =
  | 'NOT_AN_OBJECT'
  | 'NOT_JSON'
  | 'TOO_DEEP'
  | 'TOO_MANY_KEYS'
  | 'KEY_TOO_LONG'
  | 'TEXT_TOO_LONG'
  | 'NOT_STORABLE'
  | 'TOO_LARGE';

/** Why each problem refuses an enrichment, for the 400 answer. */
export const ENRICHMENT_PROBLEM_MESSAGES: Record<EnrichmentProblem, string> = {
  NOT_AN_OBJECT: 'enrichment must be an object',
  NOT_JSON: 'enrichment may hold only texts, numbers, yes/no, null, lists and objects',
  TOO_DEEP: `enrichment may be nested at most ${ENRICHMENT_MAX_DEPTH} levels deep`,
  TOO_MANY_KEYS: `an enrichment object or list may have at most ${ENRICHMENT_MAX_KEYS} entries`,
  KEY_TOO_LONG: `an enrichment key may be at most ${ENRICHMENT_MAX_KEY_LENGTH} characters`,
  TEXT_TOO_LONG: `an enrichment text may be at most ${ENRICHMENT_MAX_TEXT} characters`,
  NOT_STORABLE: 'enrichment must not contain NUL or unpaired surrogates',
  TOO_LARGE: `enrichment may be at most ${ENRICHMENT_MAX_BYTES} bytes as JSON`,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textProblem(text: string, max: number, tooLong: EnrichmentProblem): EnrichmentProblem | null {
  if (!isStorableText(text)) return 'NOT_STORABLE';
  return text.length > max ? tooLong : null;
}

/** Checks one value at `depth` (the enrichment itself is 1); containers are checked before they are entered. */
function valueProblem(value: unknown, depth: number): EnrichmentProblem | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'NOT_JSON';
  if (typeof value === 'string') return textProblem(value, ENRICHMENT_MAX_TEXT, 'TEXT_TOO_LONG');
  if (!Array.isArray(value) && !isPlainObject(value)) return 'NOT_JSON';
  if (depth > ENRICHMENT_MAX_DEPTH) return 'TOO_DEEP';
  const entries: [string | null, unknown][] = Array.isArray(value)
    ? value.map((item) => [null, item])
    : Object.entries(value);
  if (entries.length > ENRICHMENT_MAX_KEYS) return 'TOO_MANY_KEYS';
  for (const [key, child] of entries) {
    const problem =
      (key === null ? null : textProblem(key, ENRICHMENT_MAX_KEY_LENGTH, 'KEY_TOO_LONG')) ??
      valueProblem(child, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Why an enrichment cannot be stored, or null when it can: an object of at
 * most ENRICHMENT_MAX_KEYS entries, nested at most ENRICHMENT_MAX_DEPTH
 * levels, keys and texts within their lengths and storable, at most
 * ENRICHMENT_MAX_BYTES as JSON.
 */
export function enrichmentProblem(value: unknown): EnrichmentProblem | null {
  if (!isPlainObject(value)) return 'NOT_AN_OBJECT';
  const problem = valueProblem(value, 1);
  if (problem) return problem;
  return utf8Length(JSON.stringify(value)) > ENRICHMENT_MAX_BYTES ? 'TOO_LARGE' : null;
}

/** UTF-8 bytes of a text (as PostgreSQL stores it). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
