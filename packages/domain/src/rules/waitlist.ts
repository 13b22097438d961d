/**
 * The waiting list's bounds (decision 0252), apart from its contract so the
 * storefront's join form can use them without loading the schema library.
 */

/** Places one entry may wait for: a group, not a whole day. */
export const WAITLIST_MAX_QUANTITY = 10;
