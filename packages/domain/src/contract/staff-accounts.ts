/**
 * Staff accounts managed in the browser (/api/staff/accounts, manager only;
 * decision 0245): list, add, change name and role, disable and enable, and
 * mail a single-use set-password link (managers never type a password).
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../rules/staff-role.ts';
import { text } from './text.ts';

/** Staff passwords: long enough that the login rate limit leaves guessing hopeless. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;

export const staffAccountSchema = z.object({
  id: z.number().int(),
  email: text(),
  name: text(),
  role: z.enum(STAFF_ROLES),
  /** False once disabled: the person cannot log in and has no session. */
  active: z.boolean(),
  /** Whether a password was ever set (a new account has none until its link is used). */
  password_set: z.boolean(),
  /** ISO instant. */
  created_at: text(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffAccountListSchema = z.object({ accounts: z.array(staffAccountSchema) });
export type StaffAccountList = z.infer<typeof staffAccountListSchema>;

export const newStaffAccountSchema = z.object({
  email: text().trim().min(3).max(320),
  name: text().trim().max(200).default(''),
  role: z.enum(STAFF_ROLES),
});
export type NewStaffAccount = z.input<typeof newStaffAccountSchema>;

/** A change of name and/or role; what is left out stays as it is. */
export const staffAccountChangeSchema = z
  .object({
    name: text().trim().max(200).optional(),
    role: z.enum(STAFF_ROLES).optional(),
  })
  .refine((change) => change.name !== undefined || change.role !== undefined, {
    message: 'name or role is needed',
  });
export type StaffAccountChange = z.input<typeof staffAccountChangeSchema>;

/** The set-password page: the mailed link's token and the new password. */
export const setStaffPasswordSchema = z.object({
  token: text().trim().min(1).max(200),
  password: text().max(1024),
});
export type SetStaffPassword = z.infer<typeof setStaffPasswordSchema>;

/** The account whose password was set, so the page can fill in the login. */
export const staffPasswordSetSchema = z.object({ email: text() });
