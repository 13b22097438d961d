import { z } from 'zod';
import { text } from './text.ts';

/**
 * Bounds on what a catalogue file may hold, so that an import refuses, with
 * its place in the file, what the database could not store (a price beyond
 * its integer cents) or what no shop needs (a 50 MB description). Decision 0200.
 */

/**
 * The highest price, in the shop's currency. Prices are stored as integer
 * cents in 32-bit columns (at most 21,474,836.47); an order adds up several
 * prices times their quantities in the same width, so the file stays well
 * below the column's limit.
 */
export const MAX_CATALOGUE_PRICE = 1_000_000;
/** The highest count: seats, quantities, uses, days. */
export const MAX_CATALOGUE_COUNT = 1_000_000;
/** The longest text, in characters: a long description with its HTML. */
export const MAX_CATALOGUE_TEXT = 20_000;
/** The longest slug or key. */
export const MAX_CATALOGUE_NAME = 100;

/** A string of the catalogue file, at most `max` characters. */
export function catalogueString(max: number = MAX_CATALOGUE_TEXT) {
  return text().max(max, `at most ${max} characters`);
}

/** A whole number of the catalogue file (seats, quantities, days), at most MAX_CATALOGUE_COUNT. */
export function catalogueCount() {
  return z.number().int().max(MAX_CATALOGUE_COUNT, `at most ${MAX_CATALOGUE_COUNT}`);
}
