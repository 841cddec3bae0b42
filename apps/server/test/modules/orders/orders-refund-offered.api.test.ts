import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  CLOSE,
  createOrder,
  gql,
  readOrder,
  REOPEN,
  setUpActionStore,
} from '../../support/order-fixtures.js';
import { fulfillAll } from '../../support/refund-fixtures.js';

/**
 * Issue #26 §1.2 and §3: an order offers Refund only when money or shipped units can come back, and
 * a cancelled order can be archived (it stays cancelled; SPEC §4's CANCELLED is final).
 */
describe.each(DATABASES)('what a cancelled or unpaid order offers, on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let mug: string;
  const db = () => ctx.server.app.database.db;
  const uuid = (type: 'Order', id: string) => decodeIdOf(type, id)!;

  it('sets up', async () => {
    ({ owner, mug } = await setUpActionStore(ctx.server, 200));
  });

  it('offers Refund only when money or shipped units can come back', async () => {
    const actions = async (id: string) => (await readOrder(owner, id)).availableActions as string[];
    const pending = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    expect(await actions(pending.id)).not.toContain('REFUND');
    const paid = await createOrder(owner, [{ variantId: mug, quantity: 1 }], { payment: { kind: 'SALE' } });
    expect(await actions(paid.id)).toContain('REFUND');
    // Shipped but unpaid: the goods can come back.
    const shippedUnpaid = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    await fulfillAll(owner, shippedUnpaid.id);
    expect(await actions(shippedUnpaid.id)).toContain('REFUND');
    // Cancelled and refunded: nothing at all.
    const refunded = await createOrder(owner, [{ variantId: mug, quantity: 1 }], {
      payment: { kind: 'SALE' },
    });
    await gql(owner, CANCEL, { id: refunded.id, refund: true });
    expect(await actions(refunded.id)).not.toContain('REFUND');
    // Cancelled with the money kept: it can still be given back.
    const kept = await createOrder(owner, [{ variantId: mug, quantity: 1 }], { payment: { kind: 'SALE' } });
    await gql(owner, CANCEL, { id: kept.id });
    expect(await actions(kept.id)).toContain('REFUND');
  });

  it('archives a cancelled order (it stays cancelled), and unarchives it', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    const cancelled = (await gql(owner, CANCEL, { id: order.id })).orderCancel.order;
    expect(cancelled.availableActions).toEqual(['CLOSE']);
    const closed = (await gql(owner, CLOSE, { id: order.id })).orderClose;
    expect(closed.userErrors).toEqual([]);
    expect(closed.order).toMatchObject({ status: 'CANCELLED', availableActions: ['REOPEN'] });
    expect(closed.order.closedAt).toBeTruthy();
    expect(closed.order.cancelledAt).toBe(cancelled.cancelledAt);
    const archived = (
      await gql(owner, `query($q: String) { orders(query: $q, first: 50) { nodes { id } } }`, {
        q: 'status:closed',
      })
    ).orders.nodes.map((n: any) => n.id);
    expect(archived).toContain(order.id);
    const events = await db()
      .selectFrom('audit_events')
      .select(['action'])
      .where('subject_id', '=', uuid('Order', order.id))
      // Its emails (confirmation, cancellation) have events of their own on the timeline.
      .where('action', 'not like', 'order.email_%')
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.action)).toEqual(['order.create', 'order.cancel', 'order.close']);
    expect((await gql(owner, CLOSE, { id: order.id })).orderClose.userErrors).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: 'This order is already archived.' },
    ]);

    const reopened = (await gql(owner, REOPEN, { id: order.id })).orderReopen;
    expect(reopened.userErrors).toEqual([]);
    expect(reopened.order).toMatchObject({
      status: 'CANCELLED',
      closedAt: null,
      availableActions: ['CLOSE'],
    });
    expect((await gql(owner, REOPEN, { id: order.id })).orderReopen.userErrors).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: "A cancelled order can't be reopened." },
    ]);
  });
});
