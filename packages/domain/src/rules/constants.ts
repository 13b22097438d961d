/** Business constants and limits of docs/storefront.md §9, shared by storefront and server. */

export const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Language codes sent to the server as another language. */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { ksh: 'de' };

export const READ_MORE_THRESHOLD_PX = 100;
export const CROSS_SELL_COLLAPSE_CHARS = 100;
export const HOME_INIT_POLL_MS = 250;
export const INITIALISED_POLL_MS = 100;
export const STEP_EVENT_DELAY_MS = 10;
export const QUANTITY_REPEAT_MS = 200;
export const PAYMENT_FORM_SUBMIT_DELAY_MS = 250;
export const SUBSCRIPTION_PRESELECT_DELAY_MS = 100;
export const CALENDAR_WINDOW_DAYS = 60;
export const CALENDAR_PREVIEW_CHARS = 140;
export const TEXT_MIN_LENGTH = 1;
export const TEXT_MAX_LENGTH = 65535;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
export const NUMBER_MAX_DIGITS = 50;
export const PASSWORD_MIN_LENGTH = 6;
export const AUDIENCE_QUANTITY_MAX = 10;
export const DEFAULT_UPSELL_MAX_QUANTITY = 999;
export const UNLIMITED_QUANTITY_MAX = 999;
export const DEFAULT_THEME_COLOUR = '1abc9c';
export const WALLET_CURRENCY = 'EUR';
export const PRICE_DECIMALS = 2;
/** Availability dot: above this percentage is high. */
export const AVAILABILITY_HIGH_ABOVE_PERCENT = 20;
