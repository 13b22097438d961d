import { CAPTCHA_ERROR_CODES } from '@kassa/domain/contract/captcha';
import { AppError } from '../../lib/errors.ts';

/**
 * 403: the request is well formed, the server just will not act on it
 * without proof of work. The SECURITY_ prefix opens the storefront's captcha
 * modal (docs/storefront.md §8.2).
 */
export const captchaErrors = {
  required: () => new AppError(403, CAPTCHA_ERROR_CODES.required, 'Please solve the captcha to continue'),
  invalid: () =>
    new AppError(403, CAPTCHA_ERROR_CODES.invalid, 'The captcha is invalid, expired or already used'),
};
