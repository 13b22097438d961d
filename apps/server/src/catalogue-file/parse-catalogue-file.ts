import { catalogueFileSchema, type CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { scheduleProblems } from '@kassa/domain/rules/schedule-plots';
import { LineCounter, parseDocument } from 'yaml';
import { checkNesting, MAX_FILE_CHARS, toPlainValue, yamlErrors } from './yaml-limits.ts';

export type ParseResult = { ok: true; file: CatalogueFile } | { ok: false; errors: string[] };

/** `products[2].audiences[0].price`: a zod issue path as the file's author reads it. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/**
 * Reads a catalogue file: YAML syntax errors with their line and column
 * (so are a file too large, nested too deeply or with an alias bomb: see
 * yaml-limits.ts), then every schema error with its path in the file.
 * Nothing is written.
 */
export function parseCatalogueFile(source: string): ParseResult {
  if (source.length > MAX_FILE_CHARS)
    return {
      ok: false,
      errors: [`(the file): a catalogue file is at most ${MAX_FILE_CHARS / 1024 / 1024} MB`],
    };
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { prettyErrors: false, uniqueKeys: true, lineCounter });
  if (document.errors.length > 0) return { ok: false, errors: yamlErrors(document, lineCounter) };
  const tooDeep = checkNesting(document, lineCounter);
  if (tooDeep) return { ok: false, errors: [tooDeep] };
  const plain = toPlainValue(document, lineCounter);
  if (!plain.ok) return { ok: false, errors: [plain.error] };
  const result = catalogueFileSchema.safeParse(plain.value, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
  });
  if (result.success) {
    const problems = scheduleProblemsOf(result.data);
    return problems.length ? { ok: false, errors: problems } : { ok: true, file: result.data };
  }
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const path = formatPath(issue.path);
      return `${path || '(the file)'}: ${issueMessage(issue)}`;
    }),
  };
}

function issueMessage(issue: { code: string; message: string; keys?: string[] }): string {
  if (issue.code === 'unrecognized_keys' && issue.keys)
    return `unknown key ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

/**
 * What the plot generator would refuse in a schedule (an AUDIENCE price for
 * an audience the product does not have, a reversed date range …), with its
 * path in the file, so an import reports it before writing anything.
 */
function scheduleProblemsOf(file: CatalogueFile): string[] {
  return file.products.flatMap((product, index) =>
    product.schedule
      ? scheduleProblems(
          product.schedule,
          product.audiences.map((audience) => audience.key),
        ).map(
          (problem) => `${formatPath(['products', index, 'schedule', ...problem.path])}: ${problem.message}`,
        )
      : [],
  );
}
