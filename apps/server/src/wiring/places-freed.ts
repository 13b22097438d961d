/**
 * What runs when places come free after the expiry sweep (decision 0215:
 * the engine imports no module). main.ts hands these to the sweeper.
 */
import type { PlacesFreedListener } from '../engine/expiry/expiry-sweeper.ts';
import { offerAfterSweep } from '../modules/waitlist/offer-freed-places.ts';

export const PLACES_FREED_LISTENERS: readonly PlacesFreedListener[] = [
  /** Lapsed waiting-list offers pass on; freed places are offered to the waiting list (decision 0252). */
  offerAfterSweep,
];
