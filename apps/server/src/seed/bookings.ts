import { sql } from 'drizzle-orm';
import { capacityHolds, orders } from '../db/schema.ts';
import { secretToken } from '../lib/secrets.ts';
import type { SeedContext } from './context.ts';
import type { SeededPlot } from './plots.ts';

/**
 * The seats already sold in the demo, as PAID holds on one paid seed order:
 * availability is computed from active holds, so this is what makes plots
 * really nearly full or sold out rather than merely labelled so.
 */
export async function seedBookings(
  { tx, organisationId, now }: SeedContext,
  seeded: SeededPlot[],
): Promise<void> {
  const [order] = await tx
    .insert(orders)
    .values({
      organisationId,
      hash: secretToken(),
      kind: 'PRODUCT',
      status: 'PAID',
      customer: {
        first_name: 'Box',
        last_name: 'Office',
        email: 'box-office@demo-museum.example',
        fields: {},
      },
      paidAt: now,
    })
    .returning({ id: orders.id });
  const holds = seeded
    .filter(({ plan }) => plan.sold > 0)
    .map(({ id, plan }) => ({ plot_id: id, quantity: plan.sold }));
  // One JSON parameter rather than a VALUES list of ~1 500 rows (see plots.ts).
  await tx.execute(sql`
    INSERT INTO ${capacityHolds} (order_id, plot_id, quantity, status)
    SELECT ${order!.id}::integer, plot_id, quantity, 'PAID'
    FROM jsonb_to_recordset(${JSON.stringify(holds)}::jsonb) AS r(plot_id integer, quantity integer)`);
}
