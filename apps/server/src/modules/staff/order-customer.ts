import type { CustomerCorrection } from '@kassa/domain/contract/staff-orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, type OrderCustomer } from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';
import { shopFields } from './order-page.ts';
import { findStaffOrder } from './staff-order-row.ts';

export interface CorrectionRequest {
  organisationId: number;
  number: string;
  correction: CustomerCorrection;
  actor: AuditActor;
}

type Answer = string | boolean;

/**
 * Corrects an order's customer (decision 0232): name, e-mail, phone and the
 * answers to the shop's own fields. One transaction with the order row
 * locked, and an audit entry holding the changed values only, before and
 * after. Mails sent from then on use the corrected customer.
 */
export async function correctCustomer(db: Db, request: CorrectionRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await findStaffOrder(tx, request.organisationId, request.number, true);
    const shop = await shopFields(tx, request.organisationId);
    const own = shop.filter((field) => !field.isDefault && field.type !== 'EMAIL_CONFIRM');
    const { correction } = request;
    const answers: Record<string, Answer> = {};
    for (const [id, value] of Object.entries(correction.fields ?? {})) {
      if (!own.some((field) => String(field.id) === id)) {
        throw new AppError(400, 'FIELD_UNKNOWN', 'The shop has no such field');
      }
      answers[id] = typeof value === 'string' ? value.trim() : value;
    }
    if (correction.phone !== undefined) {
      const phoneField = own.find((field) => field.type === 'PHONE');
      if (!phoneField) throw new AppError(400, 'FIELD_UNKNOWN', 'The shop asks for no phone number');
      answers[String(phoneField.id)] = correction.phone;
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const next: OrderCustomer = { ...order.customer, fields: { ...(order.customer.fields ?? {}) } };
    for (const key of ['first_name', 'last_name', 'email'] as const) {
      const value = correction[key];
      if (value === undefined || value === order.customer[key]) continue;
      before[key] = order.customer[key];
      after[key] = value;
      next[key] = value;
    }
    for (const [id, value] of Object.entries(answers)) {
      const old = order.customer.fields?.[id];
      if (value === (old ?? '')) continue;
      before[`fields.${id}`] = old ?? null;
      after[`fields.${id}`] = value === '' ? null : value;
      if (value === '') delete next.fields[id];
      else next.fields[id] = value;
    }
    if (Object.keys(after).length === 0) return;
    await tx.update(orders).set({ customer: next }).where(eq(orders.id, order.id));
    await appendAudit(tx, {
      organisationId: order.organisationId,
      actor: request.actor,
      action: 'order.customer',
      orderId: order.id,
      before,
      after,
    });
  });
}
