import { DomainError, encodeId } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { orderLinesEdit } from '../modules/orders/order-lines-edit-apply.service.js';
import type { OrderEditChangesRaw } from '../modules/orders/order-lines-edit-input.js';
import { seedStaffActor } from './seed-actor.js';

/** Order edits the demo shows (issue #32): customers who phoned to add, drop or re-price an item. */
const EDITS = 18;

/**
 * A few open, unshipped orders edited by the order-edit command itself (so stock, totals, payment
 * status, the customer's spend, the audit event and the timeline are exactly what staff would
 * leave): a third add one unit of another product, a third take one unit off a line of several, a
 * third re-price a line for a price match. Orders already edited, returned or refunded are left
 * alone. Answers how many edits were made.
 */
export async function seedOrderEdits(db: DB, log: Logger): Promise<number> {
  if (
    (await db.selectFrom('audit_events').select('id').where('action', '=', 'order.edit').limit(1).execute())
      .length
  )
    return 0;
  const started = Date.now();
  const staff = await seedStaffActor(db, 'noah@northwind-outfitters.example');
  const { rows } = await sql<{
    order_id: string;
    version: number;
    line_id: string;
    quantity: number;
    unit_price: number;
    add_variant: string | null;
  }>`
    select distinct on (o.id) o.id as order_id, o.version, l.id as line_id, l.quantity, l.unit_price,
      (select v.id from product_variants v
         join inventory_levels il on il.variant_id = v.id and il.on_hand - il.committed > 10
         where v.product_id <> l.product_id
         order by v.id offset (o.number % 50) limit 1) as add_variant
    from orders o
    join order_lines l on l.order_id = o.id and l.variant_id is not null and l.return_id is null
    where o.status = 'OPEN' and o.fulfillment_status = 'UNFULFILLED'
      and not exists (select 1 from returns r where r.order_id = o.id)
      and not exists (select 1 from refunds r where r.order_id = o.id)
    order by o.id, l.quantity desc, l.position
    limit ${EDITS * 3}`.execute(db);
  let made = 0;
  for (const row of rows) {
    if (made >= EDITS) break;
    const line = encodeId('OrderLine', row.line_id);
    const kind = made % 3;
    let changes: OrderEditChangesRaw;
    let reason: string;
    if (kind === 0 && row.add_variant) {
      changes = { addVariants: [{ variantId: encodeId('ProductVariant', row.add_variant), quantity: 1 }] };
      reason = 'Customer phoned to add an item before it ships.';
    } else if (kind === 1 && row.quantity > 1) {
      changes = { setQuantities: [{ orderLineId: line, quantity: row.quantity - 1 }] };
      reason = 'Customer asked for one fewer.';
    } else if (kind === 2) {
      const price = Math.round(row.unit_price * 0.9);
      changes = {
        setPrices: [{ orderLineId: line, price: (price / 100).toFixed(2), reason: 'Price match' }],
      };
      reason = 'Matched a competitor’s price, as promised on the phone.';
    } else continue;
    try {
      await inTransaction(db, (trx) =>
        orderLinesEdit(trx, staff, {
          orderId: row.order_id,
          expectedVersion: row.version,
          changes,
          reason,
        }),
      );
      made += 1;
    } catch (e) {
      // Stock taken meanwhile, or a line the command refuses: the next candidate serves.
      if (!(e instanceof DomainError)) throw e;
    }
  }
  log.info({ orderEdits: made, ms: Date.now() - started }, 'seeded order edits');
  return made;
}
