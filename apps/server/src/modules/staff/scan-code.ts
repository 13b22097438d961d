import type { Db } from '../../db/client.ts';
import { outcome, type ScanInput, type ScanOutcome } from './scan-outcome.ts';
import { scanPass } from './scan-pass.ts';
import { scanTicket } from './scan-ticket.ts';

/**
 * What a scanned code is (decision 0090): ticket QR codes carry the ticket's
 * secret, pass QR codes the pass's secret, both 128-bit random strings, so
 * one lookup in each table tells them apart. The one place that reads a code.
 */
export async function scanCode(db: Db, input: ScanInput): Promise<ScanOutcome> {
  const code = input.code.trim();
  const scan = { ...input, code };
  return (await scanTicket(db, scan)) ?? (await scanPass(db, scan)) ?? outcome('UNKNOWN');
}
