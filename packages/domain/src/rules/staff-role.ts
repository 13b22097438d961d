/**
 * Who may do what behind the counter (docs/architecture.md, "Staff roles").
 * The server checks a staff member's role on every staff route; the staff
 * app only hides what the server would refuse.
 */

/** A staff account's role, from the least to the most it may do. */
export const STAFF_ROLES = ['door', 'box-office', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a staff route needs:
 * - `door`: scan tickets and passes, today's slots and attendees;
 * - `orders`: find and view orders, resend and correct, move, cancel and refund;
 * - `manage`: staff accounts, slots and capacity, reports, the whole audit log.
 */
export const STAFF_PERMISSIONS = ['door', 'orders', 'manage'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const GRANTED: Record<StaffRole, readonly StaffPermission[]> = {
  door: ['door'],
  'box-office': ['door', 'orders'],
  manager: ['door', 'orders', 'manage'],
};

/** Whether a staff member of `role` may do what needs `permission`. */
export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return GRANTED[role].includes(permission);
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
