import { DomainError, encodeId } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { returnClose, returnCreate, returnOpen } from '../modules/returns/return.service.js';
import { returnReceive } from '../modules/returns/return-receive.service.js';
import { returnSettle } from '../modules/returns/return-settle.service.js';
import { linesOfReturns } from '../modules/returns/return.repository.js';
import type { Random } from './random.js';
import { seedStaffActor } from './seed-actor.js';

/** Exchanges the demo shows (issue #31): a size swap is the return merchants see most. */
const EXCHANGES = 24;

/**
 * A few dozen exchanges on the demo's shipped orders, made by the return commands themselves (so
 * the new items are priced, taxed, committed and credited exactly as staff would make them): one
 * unit of a line swapped for another variant of the same product; a third stay requested, a third
 * are received and settled (the customer owes the difference or gets it back), a third are also
 * closed. Orders that already have a return or a refund are left alone. Answers how many were made.
 */
export async function seedExchanges(db: DB, random: Random, log: Logger): Promise<number> {
  if (
    (await db.selectFrom('order_lines').select('id').where('return_id', 'is not', null).limit(1).execute())
      .length
  )
    return 0;
  const started = Date.now();
  const support = await seedStaffActor(db, 'noah@northwind-outfitters.example');
  const warehouse = await seedStaffActor(db, 'sofia@northwind-outfitters.example');
  // Shipped, paid lines whose product has another variant with stock to spare.
  const { rows } = await sql<{ order_id: string; line_id: string; variant_id: string }>`
    select distinct on (o.id) o.id as order_id, l.id as line_id, v2.id as variant_id
    from orders o
    join order_lines l on l.order_id = o.id and l.fulfilled_quantity > 0 and l.refunded_quantity = 0
    join product_variants v2 on v2.product_id = l.product_id and v2.id <> l.variant_id
    where o.status = 'OPEN' and o.payment_status = 'PAID'
      and not exists (select 1 from returns r where r.order_id = o.id)
      and not exists (select 1 from refunds r where r.order_id = o.id)
      and exists (select 1 from inventory_levels il where il.variant_id = v2.id and il.on_hand - il.committed > 5)
    order by o.id, l.position, v2.position
    limit ${EXCHANGES * 2}`.execute(db);
  const reasons = ['SIZE_TOO_SMALL', 'SIZE_TOO_LARGE', 'NOT_AS_DESCRIBED'] as const;
  let made = 0;
  for (const row of rows) {
    if (made >= EXCHANGES) break;
    const stage = made % 3;
    try {
      const ret = await inTransaction(db, (trx) =>
        returnCreate(trx, support, {
          orderId: encodeId('Order', row.order_id),
          lines: [
            { orderLineId: encodeId('OrderLine', row.line_id), quantity: 1, reason: random.pick(reasons) },
          ],
          exchangeLines: [{ variantId: encodeId('ProductVariant', row.variant_id), quantity: 1 }],
          note: 'Exchange: customer asked for another size.',
        }),
      );
      made += 1;
      if (stage === 0) continue;
      const id = encodeId('Return', ret.id);
      await inTransaction(db, (trx) => returnOpen(trx, support, id));
      const [line] = await linesOfReturns(db, [ret.id]);
      await inTransaction(db, (trx) =>
        returnReceive(trx, warehouse, {
          id,
          lines: [{ returnLineId: encodeId('ReturnLine', line!.id), quantity: 1, disposition: 'RESTOCK' }],
        }),
      );
      await inTransaction(db, (trx) => returnSettle(trx, support, { id }));
      if (stage === 2) await inTransaction(db, (trx) => returnClose(trx, support, id));
    } catch (e) {
      // Stock taken by an earlier exchange, or a line the commands refuse: the next candidate serves.
      if (!(e instanceof DomainError)) throw e;
    }
  }
  log.info({ exchanges: made, ms: Date.now() - started }, 'seeded exchanges');
  return made;
}
