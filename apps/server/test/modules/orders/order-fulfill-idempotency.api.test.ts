import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  FULFILL,
  createOrder,
  gql,
  readOrder,
  setUpActionStore,
  stockOf,
} from '../../support/order-fixtures.js';

/**
 * Issue #33 (pack station): orderFulfill takes an idempotency key, made once per packed order, so a
 * double Enter or a lost answer ships nothing twice; two stations with keys of their own ship once,
 * and the one that loses is told why.
 */
describe.each(DATABASES)('orderFulfill idempotency on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let packer: Client;
  let lamp: string;

  const fulfill = async (client: Client, input: Record<string, unknown>) =>
    (await gql(client, FULFILL, { input })).orderFulfill;

  it('sets up a store', async () => {
    ({ owner, packer, lamp } = await setUpActionStore(ctx.server, 20));
  });

  it('answers a repeat with the same key with the first shipment, shipping nothing more', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }]);
    const before = await stockOf(owner, lamp);
    const input = {
      orderId: order.id,
      lines: [{ lineId: order.lines[0].id, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z999',
      idempotencyKey: `pack-${order.id}-1`,
    };
    const first = await fulfill(packer, input);
    expect(first.userErrors).toEqual([]);
    const again = await fulfill(packer, input);
    expect(again.userErrors).toEqual([]);
    expect(again.fulfillment.id).toBe(first.fulfillment.id);
    const read = await readOrder(owner, order.id);
    expect(read.fulfillments).toHaveLength(1);
    expect(read.lines[0].fulfilledQuantity).toBe(1);
    const [onHand, committed] = before['Warehouse']!.split('/').map(Number);
    expect(await stockOf(owner, lamp)).toMatchObject({ Warehouse: `${onHand! - 1}/${committed! - 1}` });

    // The same key for another request is refused, and changes nothing.
    const reused = await fulfill(packer, { ...input, trackingNumber: '1Z000' });
    expect(reused.userErrors).toEqual([
      {
        field: ['input', 'idempotencyKey'],
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This idempotency key was already used for a different request.',
      },
    ]);
    expect((await readOrder(owner, order.id)).fulfillments).toHaveLength(1);

    // A fresh key ships the rest; without a key the call works as before.
    const rest = await fulfill(packer, { orderId: order.id, idempotencyKey: `pack-${order.id}-2` });
    expect(rest.userErrors).toEqual([]);
    expect(rest.order.fulfillmentStatus).toBe('FULFILLED');
  });

  it('refuses a key that is empty or too long, at its field', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await fulfill(packer, { orderId: order.id, idempotencyKey: key });
      expect(res.userErrors).toEqual([
        {
          field: ['input', 'idempotencyKey'],
          code: 'INVALID',
          message: 'An idempotency key has 1 to 255 characters.',
        },
      ]);
    }
    expect((await readOrder(owner, order.id)).fulfillmentStatus).toBe('UNFULFILLED');
  });

  it('ships once when the same key arrives twice at the same moment', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
    const input = { orderId: order.id, trackingNumber: 'SAME', idempotencyKey: `twice-${order.id}` };
    const [a, b] = await Promise.all([fulfill(packer, input), fulfill(packer, input)]);
    expect(a.userErrors).toEqual([]);
    expect(b.userErrors).toEqual([]);
    expect(b.fulfillment.id).toBe(a.fulfillment.id);
    expect((await readOrder(owner, order.id)).fulfillments).toHaveLength(1);
  });

  it('ships once when two stations with keys of their own race; the other is refused', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }]);
    const before = await stockOf(owner, lamp);
    const results = await Promise.all(
      ['station-a', 'station-b'].map((station) =>
        fulfill(station === 'station-a' ? packer : owner, {
          orderId: order.id,
          trackingNumber: station,
          idempotencyKey: `${station}-${order.id}`,
        }),
      ),
    );
    const won = results.filter((r) => r.userErrors.length === 0);
    const lost = results.filter((r) => r.userErrors.length > 0);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].userErrors[0].message).toMatch(/fulfilled|ship/i);
    const read = await readOrder(owner, order.id);
    expect(read.fulfillments).toHaveLength(1);
    expect(read.lines[0].fulfilledQuantity).toBe(2);
    const [onHand, committed] = before['Warehouse']!.split('/').map(Number);
    expect(await stockOf(owner, lamp)).toMatchObject({ Warehouse: `${onHand! - 2}/${committed! - 2}` });
  });
});
