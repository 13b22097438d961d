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
