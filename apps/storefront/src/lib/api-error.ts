/**
 * An API failure with the server's stable UPPER_SNAKE code (docs/storefront.md
 * §8). The UI translates the code; it never matches on message text.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message?: string,
    /** Human-readable detail some failures carry (coupon, rebook, renewal). */
    readonly errorInfo?: string,
  ) {
    super(message ?? code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
