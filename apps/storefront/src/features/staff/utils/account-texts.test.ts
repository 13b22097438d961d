import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { initI18n } from '@/lib/i18n';
import en from '../locales/en.json';
import nl from '../locales/nl.json';
import { texts } from '@/lib/texts';
import { loadStaffTexts, type StaffText } from '../hooks/use-staff-text';
import { accountErrorText, actionGroupLabel, actionLabel, changeLines } from './account-texts';

let t: StaffText;

/** The staff texts of `language`, as useStaffText reads them. */
function staffTexts(language: string): StaffText {
  const fixed = texts.getFixedT(language, 'staff');
  return (key, values) => fixed(key, values);
}

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
  await loadStaffTexts('nl');
  t = staffTexts('en');
});

describe('the words of the staff accounts and audit pages', () => {
  it('says what changed, field by field, with roles and booleans in words', () => {
    expect(
      changeLines(t, { before: { role: 'door', name: 'Dee' }, after: { role: 'box-office', name: '' } }),
    ).toEqual([
      `${en.audit.fields.role}: ${en.staffAccounts.roles.door} → ${en.staffAccounts.roles['box-office']}`,
      `${en.audit.fields.name}: Dee → ${en.audit.empty_value}`,
    ]);
    expect(changeLines(t, { before: { active: true }, after: { active: false } })).toEqual([
      `${en.audit.fields.active}: ${en.audit.yes} → ${en.audit.no}`,
    ]);
    // A field this version has no words for keeps its own name; a field only after is its new value.
    expect(changeLines(t, { before: null, after: { quantity: 2 } })).toEqual(['quantity: 2']);
    expect(changeLines(t, { before: null, after: null })).toEqual([]);
  });

  it("names the actions it knows, and shows another part of Kassa's action as it is", () => {
    expect(actionLabel(t, 'staff.password_link')).toBe(en.audit.actions.staff_password_link);
    expect(actionLabel(t, 'order.cancel')).toBe(en.refunds.actions.order_cancel);
    expect(actionLabel(t, 'order.move')).toBe(en.staffMove.actions.order_move);
    expect(actionLabel(t, 'order.somethingnew')).toBe('order.somethingnew');
    expect(actionGroupLabel(t, 'staff')).toBe(en.audit.groups.staff);
    expect(actionGroupLabel(t, 'slot')).toBe('slot');
  });

  it("translates the server's error codes, the page's own first", () => {
    expect(accountErrorText(t, new ApiError(409, 'STAFF_LAST_MANAGER'))).toBe(
      en.staffAccounts.errors.staff_last_manager,
    );
    expect(accountErrorText(t, new ApiError(400, 'ORDER_REFERENCE_INVALID'))).toBe(
      en.audit.errors.order_reference_invalid,
    );
    expect(accountErrorText(t, new ApiError(401, 'STAFF_UNAUTHENTICATED'))).toBe(
      en.errors.staff_unauthenticated,
    );
    expect(accountErrorText(t, new ApiError(500, 'SOMETHING_NEW'))).toBe(en.errors.unexpected);
    expect(accountErrorText(staffTexts('nl'), new ApiError(409, 'STAFF_LAST_MANAGER'))).toBe(
      nl.staffAccounts.errors.staff_last_manager,
    );
  });
});
