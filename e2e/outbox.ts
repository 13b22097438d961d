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

/**
 * The text/plain part of a .eml, decoded by its own Content-Transfer-Encoding: a short
 * ASCII mail goes out as 7bit, and undoing quoted-printable there would turn a link's
 * `token=60…` into a backtick.
 */
export function plainText(eml: string): string {
  const unfolded = eml.replace(/\r\n/g, '\n');
  const part = /Content-Type: text\/plain[^\n]*\n((?:[^\n]+\n)*)\n([\s\S]*?)(?:\n--|$)/.exec(unfolded);
  if (!part) throw new Error('no text/plain part in the mail');
  const headers = part[1]!;
  const body = part[2]!;
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}
