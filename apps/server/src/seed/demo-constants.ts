/**
 * Facts about the demo shop that tests, the README and the e2e suite rely on.
 * The demo client's password is public on purpose: it only opens the demo
 * account of a demo shop (log in at /client/login, or
 * POST /api/client/login {"email": …, "password": …}).
 */
export const DEMO_ORGANISATION_SLUG = 'demo';
export const DEMO_CLIENT_PASSWORD = 'demo-friend-2026';
export const DEMO_CLIENT_EMAIL = 'demi.devries@example.com';
/**
 * The demo business client (a company account allowed to order on
 * invoice: its orders are INVOICED, total 0 online). Public like the
 * demo client's password, for the same reason.
 */
export const DEMO_BUSINESS_CLIENT_PASSWORD = 'demo-business-2026';
export const DEMO_BUSINESS_CLIENT_EMAIL = 'inkoop@stadsgids.example.com';
/**
 * The demo client's €50 gift card (€32.50 left), in the issued-code format.
 * Public like the password, so the voucher check page can be tried and tested
 * end to end; codes sold in the shop come from voucherCode() (80 bits and a check character).
 */
export const DEMO_VOUCHER_CODE = 'DEMO-GIFT-CARD-4567';
/** The window of the demo file's schedules (window_days, the default): plots cover this many days, today included. */
export const DEMO_PLOT_DAYS = 90;
/**
 * The demo's order to rebook (decision 0040): PAID, two light-and-colour
 * tickets a week or more ahead, seeded as the very first order, with the
 * fixed public reference 4821 0937 563 (decision 0104; a right Damm check
 * digit). Rebook it at /rebook/{DEMO_REBOOK_SECRET}?order=48210937563&email=…
 * (its own link, as its tickets mail would carry it) or through the shop's
 * rebooking secret (GET /api/faq) with number and e-mail. Public on purpose,
 * like the client password; once rebooked it is REBOOKED, so a fresh database
 * gives it back.
 */
export const DEMO_REBOOK_ORDER_REFERENCE = '48210937563';
export const DEMO_REBOOK_EMAIL = 'robin.rebook@example.com';
export const DEMO_REBOOK_SECRET = 'demo-rebook-link-5c2e8b1f9a4d7036';
