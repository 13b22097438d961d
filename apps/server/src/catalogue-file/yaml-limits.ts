import { isAlias, isCollection, isPair, type Alias, type Document, type LineCounter } from 'yaml';

/** The largest catalogue file read, in characters (the demo shop's is under 0.1 MB). Decision 0200. */
export const MAX_FILE_CHARS = 5 * 1024 * 1024;
/** How deep collections may nest: a catalogue needs about ten levels, nested categories a few more. */
export const MAX_DEPTH = 32;
/**
 * The yaml package's maxAliasCount: roughly how many copies aliases may make
 * (uses of an anchor times the aliases inside it). Enough to repeat a text or
 * a block; far too few for an alias bomb, whose copies grow exponentially.
 */
export const MAX_ALIAS_COUNT = 100;

const TOO_DEEP = `nested deeper than ${MAX_DEPTH} levels`;

/** Thrown from an alias the yaml package refused to expand; carries where the alias is. */
class AliasRefused extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * The errors the yaml package reported, as `line L, column C: message`. A
 * stack overflow in its composer is a file nested too deeply.
 */
export function yamlErrors(document: Document, lines: LineCounter): string[] {
  const overflow = document.errors.find((error) => /Maximum call stack size exceeded/.test(error.message));
  // The overflow is reported once per level it unwound; the first says it all.
  if (overflow) return [`${place(overflow.pos[0], lines)}: ${TOO_DEEP}`];
  return document.errors.map((error) => `${place(error.pos[0], lines)}: ${error.message.split('\n')[0]}`);
}

/**
 * Walks the document without recursion: the first collection nested deeper
 * than MAX_DEPTH, as an error with its line. Every alias is set to report
 * its own place when the yaml package refuses to expand it (toPlainValue).
 */
export function checkNesting(document: Document, lines: LineCounter): string | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: document.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (isPair(node)) {
      stack.push({ node: node.key, depth }, { node: node.value, depth });
    } else if (isCollection(node)) {
      if (depth >= MAX_DEPTH) return `${place(node.range?.[0] ?? 0, lines)}: ${TOO_DEEP}`;
      for (const item of node.items) stack.push({ node: item, depth: depth + 1 });
    } else if (isAlias(node)) {
      reportPlace(node);
    }
  }
  return undefined;
}

/** The alias's own toJSON, wrapped so a refusal says which alias and where. */
function reportPlace(alias: Alias) {
  const resolve = alias.toJSON.bind(alias);
  alias.toJSON = (arg, ctx) => {
    try {
      return resolve(arg, ctx);
    } catch (error) {
      if (error instanceof AliasRefused || !(error instanceof ReferenceError)) throw error;
      const message = /Excessive alias count/.test(error.message)
        ? `too many aliases (*${alias.source}): at most ${MAX_ALIAS_COUNT} copies`
        : error.message;
      throw new AliasRefused(message, alias.range?.[0] ?? 0);
    }
  };
}

/**
 * The document as plain values, aliases expanded at most MAX_ALIAS_COUNT
 * times; an alias bomb is an error naming the alias, not a thrown ReferenceError.
 */
export function toPlainValue(
  document: Document,
  lines: LineCounter,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    if (!(error instanceof AliasRefused)) throw error;
    return { ok: false, error: `${place(error.offset, lines)}: ${error.message}` };
  }
}

function place(offset: number, lines: LineCounter): string {
  const at = lines.linePos(offset);
  return `line ${at.line}, column ${at.col}`;
}
