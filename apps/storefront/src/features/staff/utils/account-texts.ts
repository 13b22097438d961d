/**
 * Words for the staff accounts and audit pages that depend on what the
 * server answered: an error's code, an audit entry's action and fields.
 * A code or action this version has no words for is shown as it is (an
 * action another part of Kassa logs is still readable: order.cancel).
 */
import type { AuditEntry } from '@kassa/domain/contract/staff-audit';
import { isStaffRole } from '@kassa/domain/rules/staff-role';
import { texts } from '@/lib/texts';
import { isApiError } from '@/lib/api-error';
import { staffErrorKey, type StaffKey, type StaffText } from '../hooks/use-staff-text';

function known(key: string): key is StaffKey {
  return texts.exists(`staff:${key}`);
}

/** The error of a failed request, in the page's language. */
export function accountErrorText(t: StaffText, error: unknown): string {
  const code = isApiError(error) ? error.code.toLowerCase() : undefined;
  for (const namespace of ['staffAccounts.errors', 'audit.errors']) {
    const key = `${namespace}.${code}`;
    if (code && /^[a-z0-9_]+$/.test(code) && known(key)) return t(key);
  }
  return t(staffErrorKey(code?.toUpperCase()));
}

/** A dotted action (staff.add) as words, or as it is. */
export function actionLabel(t: StaffText, action: string): string {
  if (!/^[a-z0-9_.-]+$/.test(action)) return action;
  const name = action.replaceAll('.', '_');
  // Each area names its own actions: the accounts here, cancellations and slots under refunds.
  for (const key of [`audit.actions.${name}`, `refunds.actions.${name}`, `staffMove.actions.${name}`])
    if (known(key)) return t(key);
  return action;
}

/** The first part of an action (staff of staff.add) as words, or as it is. */
export function actionGroupLabel(t: StaffText, group: string): string {
  const key = `audit.groups.${group}`;
  return /^[a-z0-9_-]+$/.test(group) && known(key) ? t(key) : group;
}

function fieldLabel(t: StaffText, field: string): string {
  const key = `audit.fields.${field}`;
  return /^[a-z0-9_]+$/.test(field) && known(key) ? t(key) : field;
}

function valueText(t: StaffText, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('audit.empty_value');
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  if (field === 'role' && typeof value === 'string' && isStaffRole(value))
    return t(`staffAccounts.roles.${value}`);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** "Role: Door → Box office", one line per field the entry changed. */
export function changeLines(t: StaffText, entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const label = fieldLabel(t, field);
    if (!(field in before)) return `${label}: ${valueText(t, field, after[field])}`;
    if (!(field in after))
      return `${label}: ${valueText(t, field, before[field])} → ${t('audit.empty_value')}`;
    return `${label}: ${valueText(t, field, before[field])} → ${valueText(t, field, after[field])}`;
  });
}
