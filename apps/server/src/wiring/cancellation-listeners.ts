/**
 * What every cancellation also does (decision 0215: the engine imports no
 * module or document step; they register here, where the app is wired).
 * Importing this file registers them once.
 */
import { issueCreditNote } from '../engine/documents/issue-credit-note.ts';
import { afterItemsCancelled, onItemsCancelled } from '../engine/refunds/listeners.ts';
import { offerAfterSweep } from '../modules/waitlist/offer-freed-places.ts';

/** Inside the cancelling transaction: the credit note against the order's invoice (decision 0242). */
onItemsCancelled(async (tx, event) => {
  await issueCreditNote(tx, event);
});

/** After the commit: the freed places go to the waiting lists of their plots (decision 0252). */
afterItemsCancelled(async (db, event) => {
  await offerAfterSweep(db, event.plotIds, event.issuedAt);
});
