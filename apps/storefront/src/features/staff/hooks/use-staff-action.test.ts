import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { initI18n } from '@/lib/i18n';
import { texts } from '@/lib/texts';
import en from '../locales/en.json';
import { staffErrorText, useStaffAction } from './use-staff-action';
import { loadStaffTexts, type StaffText } from './use-staff-text';

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
});
const t: StaffText = (key, values) => texts.getFixedT('en', 'staff')(key, values);

describe('staffErrorText', () => {
  it("says an API error's code in the panel's words, else the panel's unexpected error", () => {
    expect(staffErrorText(t, new ApiError(409, 'ORDER_NOT_CANCELLABLE'), 'refunds')).toBe(
      en.refunds.errors.order_not_cancellable,
    );
    expect(staffErrorText(t, new ApiError(409, 'SOMETHING_NEW'), 'refunds')).toBe(en.refunds.errors.unexpected);
    expect(staffErrorText(t, new Error('offline'), 'staffMove')).toBe(en.staffMove.errors.unexpected);
  });

  it('tries the codes the panel names, in order (a refused move names its reason in error_info)', () => {
    const refused = new ApiError(409, 'REBOOK_REFUSED', undefined, 'NOT_ENOUGH_CAPACITY');
    const reasonFirst = (error: { code: string; errorInfo?: string }) => [error.errorInfo, error.code];
    expect(staffErrorText(t, refused, 'staffMove', reasonFirst)).toBe(en.staffMove.errors.not_enough_capacity);
    expect(staffErrorText(t, refused, 'staffMove')).toBe(en.staffMove.errors.unexpected);
  });
});

describe('useStaffAction', () => {
  it('names the step running, answers its result, and turns a failure into the error and null', async () => {
    const { result } = renderHook(() =>
      useStaffAction<'preview' | 'confirm'>((failure) => staffErrorText(t, failure, 'refunds')),
    );
    let finish: (value: number) => void = () => undefined;
    let answer: Promise<number | null> = Promise.resolve(null);
    act(() => {
      answer = result.current.run('preview', () => new Promise<number>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe('preview');
    await act(async () => {
      finish(7);
      expect(await answer).toBe(7);
    });
    expect(result.current.busy).toBeNull();

    await act(async () => {
      const failed = await result.current.run('confirm', () =>
        Promise.reject(new ApiError(409, 'ORDER_ALREADY_CANCELLED')),
      );
      expect(failed).toBeNull();
    });
    expect(result.current.error).toBe(en.refunds.errors.order_already_cancelled);
    expect(result.current.busy).toBeNull();
    // A new step clears the last error.
    await act(async () => {
      await result.current.run('preview', () => Promise.resolve(1));
    });
    expect(result.current.error).toBeNull();
  });
});
