/**
 * The headers every kept JSON answer carries (a shared catalogue list, a
 * plots window), whether its route or the front sent it (decisions 0101,
 * 0272, 0289), on a shop without FRAME_ANCESTORS and not on https.
 */
export const KEPT_JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  vary: 'accept-encoding',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
} as const;
