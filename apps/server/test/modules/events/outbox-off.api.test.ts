import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, useServer } from '../../helpers.js';
import { COMMENT, createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';

/**
 * STOCKROOM_OUTBOX=off, the bench's switch (benchmarking only): commands commit as usual, audit
 * event included, but write no domain events, so the bench can compare orderCreate with and without
 * the outbox in one run.
 */
describe.each(DATABASES)('the outbox switched off ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { outbox: false } });
  const db = () => ctx.server.app.database.db;
  const count = async (table: 'domain_events' | 'audit_events') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes no domain events, and commands still commit with their audit events and stock', async () => {
    const store = await setUpActionStore(ctx.server, 5);
    // Setting up the store (products, stock, staff) already ran commands: none wrote an event.
    expect(await count('domain_events')).toBe(0);
    const audits = await count('audit_events');
    const order = await createOrder(store.owner, [
      { variantId: store.lamp, quantity: 1 },
      { variantId: store.mug, quantity: 2 },
    ]);
    const commented = await gql(store.owner, COMMENT, { id: order.id, body: 'Gift wrap' });
    expect(commented.orderCommentAdd.userErrors).toEqual([]);

    const orderUuid = decodeIdOf('Order', order.id)!;
    const row = await db().selectFrom('orders').select(['id']).where('id', '=', orderUuid).executeTakeFirst();
    expect(row?.id).toBe(orderUuid);
    const mug = await db()
      .selectFrom('inventory_levels')
      .select((eb) => eb.fn.sum<number>('committed').as('committed'))
      .where('variant_id', '=', decodeIdOf('ProductVariant', store.mug)!)
      .executeTakeFirstOrThrow();
    expect(Number(mug.committed)).toBe(2);
    expect(await count('audit_events')).toBeGreaterThanOrEqual(audits + 2);
    expect(await count('domain_events')).toBe(0);
  });
});
