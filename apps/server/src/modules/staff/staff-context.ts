import type { StaffPermission } from '@kassa/domain/rules/staff-role';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { AuditActor } from '../../lib/audit-log.ts';
import { shopContext, type ShopContext } from '../../lib/context.ts';
import { authoriseStaff } from './authenticate-staff.ts';
import type { StaffIdentity } from './staff-sessions.ts';

export interface StaffRequestContext {
  ctx: ShopContext;
  staff: StaffIdentity;
  /** The staff member as the audit log names them. */
  actor: AuditActor;
  now: Date;
}

/**
 * The shop, the request's language, the staff member behind the bearer
 * token (whose role must allow `permission`) and the app's clock: the one
 * way every staff route starts.
 */
export function staffRequestContext(deps: AppDeps) {
  const { db } = deps.database;
  return async function contextOf(
    request: FastifyRequest,
    permission: StaffPermission,
  ): Promise<StaffRequestContext> {
    const now = deps.now?.() ?? new Date();
    const ctx = await shopContext(db, deps.config.organisation, request);
    const staff = await authoriseStaff(db, ctx.organisation.id, request, now, permission);
    return { ctx, staff, actor: { kind: 'staff', staffUserId: staff.id, email: staff.email }, now };
  };
}
