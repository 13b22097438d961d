import { isStaffRole, STAFF_ROLES } from '@kassa/domain/rules/staff-role';
import { asc, eq, and } from 'drizzle-orm';
import { staffUsers } from '../../db/schema.ts';
import type { AuditActor } from '../../lib/audit-log.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { addStaffUser, normaliseEmail, STAFF_PASSWORD_MIN } from '../../modules/staff/staff-accounts.ts';
import { changeStaffAccount, setStaffAccountActive } from '../../modules/staff/staff-account-writes.ts';
import { parseFlags, type CliCommand, type CliContext } from '../cli-context.ts';

const USAGE = `shop staff add <email> [--name "Full Name"] [--role door|box-office|manager]
                                              add a staff member (door unless --role says
                                              otherwise), or set a new password (and role)
shop staff list                               list the shop's staff with their roles
shop staff role <email> door|box-office|manager
                                              change a staff member's role
shop staff disable <email>                    stop a staff member logging in; ends their sessions
shop staff enable <email>                     let a disabled staff member log in again

Role changes, disabling and enabling are written to the audit log (as "system")
and never leave a shop that has an active manager without one.

The password is asked for twice on a terminal, or read from the first two
lines of standard input (e.g. printf '%s\\n%s\\n' "$PW" "$PW" | npm run shop -- staff add …).`;

async function add(context: CliContext, organisationId: number, args: string[]): Promise<number> {
  const { flags, positional } = parseFlags(args, ['name', 'role']);
  const [email] = positional;
  const role = flags.get('role');
  if (!email) {
    context.err(USAGE);
    return 2;
  }
  if (role !== undefined && (typeof role !== 'string' || !isStaffRole(role))) {
    context.err(`--role is one of ${STAFF_ROLES.join(', ')}; nothing was changed.`);
    return 2;
  }
  const password = await context.readSecret(
    `Password for ${email} (at least ${STAFF_PASSWORD_MIN} characters): `,
  );
  const again = await context.readSecret('Same password again: ');
  if (password !== again) {
    context.err('The two passwords differ; nothing was changed.');
    return 1;
  }
  const name = typeof flags.get('name') === 'string' ? (flags.get('name') as string) : undefined;
  const result = await addStaffUser(context.db, { organisationId, email, name, password, role });
  context.out(
    result.created
      ? `Added ${normaliseEmail(email)}${role ? ` as ${role}` : ''}: log in at /staff/login.`
      : `${normaliseEmail(email)} exists: its password${role ? ' and role were' : ' was'} changed.`,
  );
  return 0;
}

async function list(context: CliContext, organisationId: number): Promise<number> {
  const rows = await context.db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.organisationId, organisationId))
    .orderBy(asc(staffUsers.email));
  if (rows.length === 0) context.out('No staff yet: add one with `npm run shop -- staff add <email>`.');
  for (const row of rows) {
    context.out(`${row.email}\t${row.name || '-'}\t${row.role}\t${row.disabledAt ? 'disabled' : 'active'}`);
  }
  return 0;
}

/** The shop command acts outside any staff login: the audit log names it as Kassa itself. */
const SHOP_COMMAND: AuditActor = { kind: 'system' };

/** The id of the shop's staff member `email`, or undefined after saying there is none. */
async function accountId(context: CliContext, organisationId: number, email: string) {
  const [row] = await context.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, organisationId), eq(staffUsers.email, normaliseEmail(email))));
  if (!row) context.err(`No staff member ${normaliseEmail(email)}.`);
  return row?.id;
}

async function role(context: CliContext, organisationId: number, args: string[]): Promise<number> {
  const [email, newRole] = args;
  if (!email || !newRole) {
    context.err(USAGE);
    return 2;
  }
  if (!isStaffRole(newRole)) {
    context.err(`The role is one of ${STAFF_ROLES.join(', ')}; nothing was changed.`);
    return 2;
  }
  const id = await accountId(context, organisationId, email);
  if (id === undefined) return 1;
  await changeStaffAccount(context.db, {
    organisationId,
    id,
    role: newRole,
    actor: SHOP_COMMAND,
    now: context.now(),
  });
  context.out(`${normaliseEmail(email)} is ${newRole} now.`);
  return 0;
}

async function setActive(
  context: CliContext,
  organisationId: number,
  args: string[],
  active: boolean,
): Promise<number> {
  const email = args[0];
  if (!email) {
    context.err(USAGE);
    return 2;
  }
  const id = await accountId(context, organisationId, email);
  if (id === undefined) return 1;
  await setStaffAccountActive(context.db, {
    organisationId,
    id,
    active,
    actor: SHOP_COMMAND,
    now: context.now(),
  });
  context.out(`${normaliseEmail(email)} ${active ? 'can log in again' : 'can no longer log in'}.`);
  return 0;
}

/** `shop staff …`: the people who scan tickets at the door (decision 0090). */
export const staffCommand: CliCommand = {
  name: 'staff',
  summary: 'add, list, change the role of, disable or enable staff accounts',
  usage: USAGE,
  async run(context) {
    const [action, ...rest] = context.args;
    try {
      const organisation = await loadOrganisation(context.db, context.organisationSlug);
      if (action === 'add') return await add(context, organisation.id, rest);
      if (action === 'list') return await list(context, organisation.id);
      if (action === 'role') return await role(context, organisation.id, rest);
      if (action === 'disable') return await setActive(context, organisation.id, rest, false);
      if (action === 'enable') return await setActive(context, organisation.id, rest, true);
    } catch (error) {
      if (error instanceof AppError) {
        context.err(error.message);
        return 1;
      }
      throw error;
    }
    context.err(USAGE);
    return 2;
  },
};
