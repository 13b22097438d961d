import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a command writes the file named by `--output`: relative to the folder
 * `npm run shop` was started in (npm changes into the workspace), its folder
 * made when it does not exist yet.
 */
export function outputFile(name: string): string {
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
  mkdirSync(path.dirname(file), { recursive: true });
  return file;
}
