import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { texts } from '@/lib/texts';
import type { StaffKey, StaffText } from './use-staff-text';

/**
 * `<section>.errors.<code>` for the first of the error's codes (lower case)
 * the staff texts have, else `<section>.errors.unexpected`. `codes` picks
 * which of an API error's codes to try, in order.
 */
export function staffErrorText(
  t: StaffText,
  error: unknown,
  section: 'refunds' | 'staffMove',
  codes: (error: { code: string; errorInfo?: string }) => (string | undefined)[] = (apiError) => [
    apiError.code,
  ],
): string {
  if (isApiError(error)) {
    for (const candidate of codes(error)) {
      const code = (candidate ?? '').toLowerCase();
      const key = `${section}.errors.${code}`;
      if (/^[a-z0-9_]+$/.test(code) && texts.exists(`staff:${key}`)) return t(key as StaffKey);
    }
  }
  return t(`${section}.errors.unexpected`);
}

/**
 * One step of a staff panel at a time (a preview, a confirmation, a retry):
 * `busy` names the step running, so the panel's buttons say so and refuse a
 * second click; a failure becomes the panel's error, in its words
 * (`errorText`), and the step answers null.
 */
export function useStaffAction<Step extends string>(errorText: (error: unknown) => string) {
  const [busy, setBusy] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(step: Step, call: () => Promise<T>): Promise<T | null> {
    setBusy(step);
    setError(null);
    try {
      return await call();
    } catch (failure) {
      setError(errorText(failure));
      return null;
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, setError, run };
}
