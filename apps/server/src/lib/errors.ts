/**
 * The one error type services throw. `code` is stable UPPER_SNAKE and doubles
 * as the storefront's translation key (errors.{code lowercased}).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
    readonly errorInfo?: string,
    /**
     * Whether the answer carries code and message. Always for 4xx; a 5xx
     * only when the visitor can act on it (a payment provider's outage:
     * try again), else it becomes the generic INTERNAL_ERROR.
     */
    readonly expose = statusCode < 500,
  ) {
    super(message ?? code);
  }
}

export function notFound(code = 'NOT_FOUND', message = 'Not found'): AppError {
  return new AppError(404, code, message);
}

export function badRequest(code: string, message?: string, errorInfo?: string): AppError {
  return new AppError(400, code, message, errorInfo);
}
