/**
 * Facts about the demo shop that tests, the README and the e2e suite rely on.
 * The demo client's token is public on purpose: it only opens the demo
 * account of a demo shop (log in with POST /api/client {"token": …}).
 */
export const DEMO_ORGANISATION_SLUG = 'demo';
export const DEMO_CLIENT_TOKEN = 'demo-client-3f9c2a7e5b1d4c8f';
export const DEMO_CLIENT_EMAIL = 'demi.devries@example.com';
/**
 * The demo client's €50 gift card (€32.50 left), in the issued-code format.
 * Public like the token, so the voucher check page can be tried and tested
 * end to end; real codes come from voucherCode() (80 bits).
 */
export const DEMO_VOUCHER_CODE = 'DEMO-GIFT-CARD-4567';
/** Plots are seeded on this many days, today included. */
export const DEMO_PLOT_DAYS = 90;
