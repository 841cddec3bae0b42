import { decodeIdOf, encodeId } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  CREATE,
  exchangeTools,
  FULFILL,
  setUpExchangeStore,
} from '../../support/exchange-fixtures.js';
import { CLOSE, createVariant, gql, refusedChange, REOPEN } from '../../support/order-fixtures.js';
import { paidShippedOrder } from '../../support/return-fixtures.js';

/**
 * Issue #31, exchanges: what an exchange refuses (in words, changing nothing: stock, bad lines, an
 * archived order, cancelling once the new items shipped), and two exchanges racing for the last unit.
 */
describe.each(DATABASES)('exchange rules and races on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let warehouse: string, teeM: string, teeL: string, teeS: string, rare: string;
  const db = () => ctx.server.app.database.db;
  const { movements, returnCount, exchange } = exchangeTools(db, () => owner);

  it('sets up', async () => {
    ({ owner, warehouse, teeM, teeL, teeS, rare } = await setUpExchangeStore(ctx.server));
  });

  it('not enough stock for the new item: INSUFFICIENT_STOCK, and nothing changes', async () => {
    const order = await paidShippedOrder(owner, teeM, 1);
    const errors = await refusedChange(
      owner,
      CREATE,
      {
        input: {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'UNWANTED' }],
          exchangeLines: [{ variantId: rare, quantity: 1 }],
        },
      },
      { orderId: order.id, field: 'returnCreate', variantIds: [rare, teeM] },
    );
    expect(errors).toEqual([
      {
        field: ['input', 'exchangeLines', '0', 'quantity'],
        code: 'INSUFFICIENT_STOCK',
        message: expect.stringMatching(/^Only 0 available at /),
      },
    ]);
    expect(await returnCount(order.id)).toBe(0);
    expect(await movements(order.id, rare)).toEqual([]);
  });

  it('bad exchange lines are userErrors at their fields, and nothing changes', async () => {
    const order = await paidShippedOrder(owner, teeM, 1);
    const refused = async (exchangeLines: unknown[]) =>
      refusedChange(
        owner,
        CREATE,
        {
          input: {
            orderId: order.id,
            lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'UNWANTED' }],
            exchangeLines,
          },
        },
        { orderId: order.id, field: 'returnCreate', variantIds: [teeL, teeS] },
      );
    const unknown = encodeId('ProductVariant', '01900000-0000-7000-8000-000000000000');
    expect(await refused([{ variantId: unknown, quantity: 1 }])).toEqual([
      {
        field: ['input', 'exchangeLines', '0', 'variantId'],
        code: 'INVALID',
        message: "This variant doesn't exist.",
      },
    ]);
    expect(await refused([{ variantId: teeL, quantity: 0 }])).toEqual([
      {
        field: ['input', 'exchangeLines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Enter a whole quantity from 1 to 100,000.',
      },
    ]);
    expect(await refused([{ variantId: teeL, quantity: 1, price: '30.00' }])).toEqual([
      {
        field: ['input', 'exchangeLines', '0', 'priceOverrideReason'],
        code: 'REQUIRED',
        message: "Say why the price differs from today's 45.00 USD.",
      },
    ]);
    expect(
      await refused([{ variantId: teeL, quantity: 1, price: '30.00', priceOverrideReason: 'x'.repeat(501) }]),
    ).toEqual([
      {
        field: ['input', 'exchangeLines', '0', 'priceOverrideReason'],
        code: 'TOO_LONG',
        message: 'Use at most 500 characters.',
      },
    ]);
    expect(await refused([{ variantId: teeL, quantity: 1, price: 'cheap' }])).toEqual([
      {
        field: ['input', 'exchangeLines', '0', 'price'],
        code: 'INVALID',
        message: 'Enter a price like 12.50 in USD.',
      },
    ]);
    // Returned and exchanged lines together: at most 250.
    const many = Array.from({ length: 250 }, () => ({ variantId: teeS, quantity: 1 }));
    expect(await refused(many)).toEqual([
      {
        field: ['input', 'exchangeLines'],
        code: 'LIMIT_EXCEEDED',
        message: 'A return has at most 250 lines, returned and exchanged items together.',
      },
    ]);
    // An archived order can't take new items (they could not ship); unarchived, it can.
    expect((await gql(owner, CLOSE, { id: order.id })).orderClose.userErrors).toEqual([]);
    expect(await refused([{ variantId: teeS, quantity: 1 }])).toEqual([
      {
        field: ['input', 'exchangeLines'],
        code: 'INVALID_TRANSITION',
        message: 'This order is archived; unarchive it before exchanging items, so the new ones can ship.',
      },
    ]);
    expect((await gql(owner, REOPEN, { id: order.id })).orderReopen.userErrors).toEqual([]);
    // Today's price given back as is needs no reason.
    const same = await exchange(order, [{ variantId: teeS, quantity: 1, price: '20.00' }]);
    expect(same.userErrors).toEqual([]);
    expect(same.order.lines[1]).toMatchObject({ originalUnitPrice: null, priceOverrideReason: null });
    expect(await returnCount(order.id)).toBe(1);
  });

  it('once the new items shipped, the return can’t be cancelled', async () => {
    const order = await paidShippedOrder(owner, teeM, 1);
    const created = await exchange(order, [{ variantId: teeS, quantity: 1 }]);
    expect(created.userErrors).toEqual([]);
    const shipped = (await gql(owner, FULFILL, { input: { orderId: order.id } })).orderFulfill;
    expect(shipped.userErrors).toEqual([]);
    const errors = await refusedChange(
      owner,
      CANCEL,
      { id: created.return.id },
      { orderId: order.id, field: 'returnCancel', variantIds: [teeS] },
    );
    expect(errors).toEqual([
      {
        field: null,
        code: 'INVALID_TRANSITION',
        message: expect.stringMatching(/^The exchange items of this return have shipped; /),
      },
    ]);
  });

  it('two returns exchanging for the last unit at once: exactly one gets it', async () => {
    const last = await createVariant(owner, { sku: 'XCH-LAST', price: '40.00', stock: { [warehouse]: 1 } });
    for (let round = 0; round < 2; round++) {
      if (round) {
        const topUp = await gql(
          owner,
          `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
          { input: { reason: 'RECEIVED', changes: [{ variantId: last, locationId: warehouse, delta: 1 }] } },
        );
        expect(topUp.inventoryAdjust.userErrors).toEqual([]);
      }
      const orders = await Promise.all([paidShippedOrder(owner, teeM, 1), paidShippedOrder(owner, teeM, 1)]);
      const results = await Promise.all(orders.map((o) => exchange(o, [{ variantId: last, quantity: 1 }])));
      expect(results.filter((r) => r.userErrors.length === 0)).toHaveLength(1);
      expect(results.flatMap((r) => r.userErrors.map((e: any) => e.code))).toEqual(['INSUFFICIENT_STOCK']);
      expect((await returnCount(orders[0].id)) + (await returnCount(orders[1].id))).toBe(1);
      const levels = await db()
        .selectFrom('inventory_levels')
        .select(['on_hand', 'committed'])
        .where('variant_id', '=', decodeIdOf('ProductVariant', last)!)
        .execute();
      expect(levels.reduce((n, l) => n + l.committed, 0)).toBe(round + 1);
      expect(levels.reduce((n, l) => n + l.on_hand, 0)).toBe(round + 1);
    }
  });
});
