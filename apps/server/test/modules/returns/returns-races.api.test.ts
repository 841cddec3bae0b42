import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { gql, setUpActionStore } from '../../support/order-fixtures.js';
import { paidShippedOrder as ownedOrder } from '../../support/return-fixtures.js';

const CREATE = `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) {
  return { id lines { id } } userErrors { code } } }`;
const RECEIVE = `mutation($id: ID!, $lines: [ReturnReceiveLineInput!]!, $key: String) {
  returnReceive(id: $id, lines: $lines, idempotencyKey: $key) { return { id } userErrors { code } } }`;
const CANCEL = `mutation($id: ID!) { returnCancel(id: $id) { return { id } userErrors { code } } }`;
const SETTLE = `mutation($id: ID!) { returnSettle(id: $id) { return { id } userErrors { code message } } }`;
const REFUND = `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { refund { id } userErrors { code } } }`;

/**
 * Issue #31's races, run at once against the same rows (on PostgreSQL they really overlap; PGlite
 * serializes them, which must give the same answers): the database is read afterwards.
 */
describe.each(DATABASES)('returns under races on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;
  const db = () => ctx.server.app.database.db;

  const paidShippedOrder = (quantity: number) => ownedOrder(owner, lamp, quantity);
  const takeReturn = async (order: { id: string; lineId: string }, quantity = 1) =>
    (
      await gql(owner, CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity, reason: 'UNWANTED' }] },
      })
    ).returnCreate;

  it('sets up', async () => {
    ({ owner, lamp } = await setUpActionStore(ctx.server, 50));
  });

  it('two returns for the last returnable unit: exactly one is taken', async () => {
    const order = await paidShippedOrder(1);
    const results = await Promise.all(Array.from({ length: 6 }, () => takeReturn(order)));
    expect(results.filter((r) => r.userErrors.length === 0)).toHaveLength(1);
    expect(results.filter((r) => r.userErrors[0]?.code === 'OUT_OF_RANGE')).toHaveLength(5);
    const rows = await db()
      .selectFrom('returns')
      .select('id')
      .where('order_id', '=', decodeIdOf('Order', order.id)!)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('one receipt sent many times with one key is received once', async () => {
    const order = await paidShippedOrder(2);
    const ret = (await takeReturn(order, 2)).return;
    const lines = [{ returnLineId: ret.lines[0].id, quantity: 1, disposition: 'RESTOCK' }];
    const results = await Promise.all(
      Array.from({ length: 6 }, () => gql(owner, RECEIVE, { id: ret.id, lines, key: `scan-${ret.id}` })),
    );
    expect(results.every((r) => r.returnReceive.userErrors.length === 0)).toBe(true);
    const receipts = await db()
      .selectFrom('return_receipts')
      .select('quantity')
      .where('return_id', '=', decodeIdOf('Return', ret.id)!)
      .execute();
    expect(receipts).toEqual([{ quantity: 1 }]);
    const restocks = await db()
      .selectFrom('inventory_movements')
      .select('on_hand_delta')
      .where('order_id', '=', decodeIdOf('Order', order.id)!)
      .where('reason', '=', 'RESTOCKED')
      .execute();
    expect(restocks).toEqual([{ on_hand_delta: 1 }]);
  });

  it('receive and cancel at once: one wins, and the record says which', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await paidShippedOrder(1);
      const ret = (await takeReturn(order)).return;
      const [received, cancelled] = await Promise.all([
        gql(owner, RECEIVE, {
          id: ret.id,
          lines: [{ returnLineId: ret.lines[0].id, quantity: 1, disposition: 'RESTOCK' }],
        }),
        gql(owner, CANCEL, { id: ret.id }),
      ]);
      const wins = [received.returnReceive.userErrors, cancelled.returnCancel.userErrors].filter(
        (e) => !e.length,
      );
      expect(wins).toHaveLength(1);
      const row = await db()
        .selectFrom('returns')
        .select(['status', 'received_quantity'])
        .where('id', '=', decodeIdOf('Return', ret.id)!)
        .executeTakeFirstOrThrow();
      const moved = await db()
        .selectFrom('inventory_movements')
        .select('id')
        .where('order_id', '=', decodeIdOf('Order', order.id)!)
        .where('reason', '=', 'RESTOCKED')
        .execute();
      if (received.returnReceive.userErrors.length === 0) {
        expect(row).toEqual({ status: 'RECEIVED', received_quantity: 1 });
        expect(moved).toHaveLength(1);
      } else {
        expect(row).toEqual({ status: 'CANCELLED', received_quantity: 0 });
        expect(moved).toHaveLength(0);
      }
    }
  });

  it('a settlement and a refund of the same money at once never give back more than was captured', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await paidShippedOrder(1);
      const ret = (await takeReturn(order)).return;
      const [settled, refunded] = await Promise.all([
        gql(owner, SETTLE, { id: ret.id }),
        gql(owner, REFUND, { input: { orderId: order.id, lines: [{ lineId: order.lineId, quantity: 1 }] } }),
      ]);
      const orderId = decodeIdOf('Order', order.id)!;
      const money = await db()
        .selectFrom('order_transactions')
        .select(['kind', 'amount'])
        .where('order_id', '=', orderId)
        .where('status', '=', 'SUCCESS')
        .execute();
      const captured = money.filter((t) => t.kind !== 'REFUND').reduce((n, t) => n + Number(t.amount), 0);
      const back = money.filter((t) => t.kind === 'REFUND').reduce((n, t) => n + Number(t.amount), 0);
      expect(back).toBeLessThanOrEqual(captured);
      const line = await db()
        .selectFrom('order_lines')
        .select(['refunded_quantity', 'return_credited_quantity', 'unit_price', 'discount', 'tax'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      // The unit is paid back exactly once (as paid: this store's prices exclude tax), by the refund
      // or by the settlement's credit.
      expect(back).toBe(Number(line.unit_price) - Number(line.discount) + Number(line.tax));
      expect(line.refunded_quantity + line.return_credited_quantity).toBe(1);
      // Whichever came second found nothing left: a refund refused, or a settlement of no money.
      expect(settled.returnSettle.userErrors).toEqual([]);
      if (refunded.orderRefund.userErrors.length) expect(line.return_credited_quantity).toBe(1);
    }
  });
});
