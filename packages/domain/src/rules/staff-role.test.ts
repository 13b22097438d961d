import { describe, expect, it } from 'vitest';
import { isStaffRole, STAFF_PERMISSIONS, STAFF_ROLES, staffMay } from './staff-role.ts';

describe('staff roles', () => {
  it('lets the door scan only, the box office handle orders, and a manager do everything', () => {
    const table = STAFF_ROLES.map((role) => [role, STAFF_PERMISSIONS.filter((p) => staffMay(role, p))]);
    expect(table).toEqual([
      ['door', ['door']],
      ['box-office', ['door', 'orders']],
      ['manager', ['door', 'orders', 'manage']],
    ]);
  });

  it('knows its roles and nothing else', () => {
    expect(isStaffRole('box-office')).toBe(true);
    expect(isStaffRole('admin')).toBe(false);
  });
});
