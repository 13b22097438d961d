/**
 * The W3C Nu Html Checker (vnu.jar, from the npm package vnu-jar) over HTML
 * documents: the same checker as validator.w3.org/nu, run locally on the
 * machine's Java (17 or newer).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { scratchFolder } from './test-server.ts';

const run = promisify(execFile);
/** vnu-jar's main export is the jar's path. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** One message of the checker, as its JSON output has it. */
export interface HtmlMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Checks each document (name → HTML) and answers the errors, each named by its document. */
export async function htmlErrors(documents: Record<string, string>): Promise<string[]> {
  mkdirSync(scratchFolder, { recursive: true });
  const folder = mkdtempSync(path.join(scratchFolder, 'vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = path.join(folder, `${name.replace(/[^a-z0-9-]+/gi, '_')}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    // Exit code 1 means "errors found"; the JSON on stdout says which.
    const output = await run(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--stdout', ...files.map((f) => f.file)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; code?: unknown; message: string }) => {
      if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return { stdout: error.stdout };
      throw new Error(`the Nu Html Checker did not run (is Java 17+ on the PATH?): ${error.message}`);
    });
    const { messages } = JSON.parse(output.stdout) as { messages: HtmlMessage[] };
    const nameOf = (url: string) => files.find((f) => url.endsWith(path.basename(f.file)))?.name ?? url;
    return messages
      .filter((message) => message.type !== 'info')
      .map(
        (message) =>
          `${nameOf(message.url)}:${message.lastLine ?? '?'}: ${message.message}` +
          (message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : ''),
      );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
