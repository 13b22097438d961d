import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';

/** The e2e server's outbox: mail lands there as .eml files without SMTP. */
export const outbox = path.join(process.env.KASSA_E2E_DATA_DIR ?? '', 'outbox');

/**
 * The .eml sent to this address (and containing `containing`, if given), once it is there;
 * `folder` is another server's outbox (a spec's own server: `<its data folder>/outbox`).
 */
export async function mailTo(address: string, containing = '', folder = outbox): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of await readdir(folder).catch(() => [] as string[])) {
          const mail = await readFile(path.join(folder, file), 'utf8');
          if (mail.includes(address) && mail.includes(containing)) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
