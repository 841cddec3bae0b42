import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  FULFILL,
  FULFILLMENT_CANCEL,
  UPDATE,
  createOrder,
  createVariant,
  gql,
  movementsOf,
  readOrder,
  refusedChange,
  stockOf,
  setUpActionStore,
  withoutEmails,
} from '../../support/order-fixtures.js';

describe.each(DATABASES)('order fulfillment on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let packer: Client; // fulfillment staff: ORDERS_WRITE without REFUNDS_WRITE
  let warehouse: string;
  let shop: string;
  let lamp: string;
  let mug: string;
  let card: string;

  /** A command that must be refused; the order and the stock read the same before and after. */
  const refused = (query: string, variables: Record<string, unknown>, orderId: string, field: string) =>
    refusedChange(owner, query, variables, { orderId, field, variantIds: [lamp, mug] });

  it('sets up locations, products and stock', async () => {
    ({ owner, packer, warehouse, shop, lamp, mug } = await setUpActionStore(ctx.server, 20));
    card = await createVariant(owner, { sku: 'ACT-CARD', price: '25.00', untracked: true });
  });

  it('fulfills one line with tracking, then the rest, taking the stock', async () => {
    const before = { lamp: await stockOf(owner, lamp), mug: await stockOf(owner, mug) };
    const order = await createOrder(owner, [
      { variantId: lamp, quantity: 2 },
      { variantId: mug, quantity: 1 },
    ]);
    const [lampLine] = order.lines;
    expect(lampLine.location).toEqual({ name: 'Warehouse' });
    const wh = (s: Record<string, string>) => s['Warehouse']!.split('/').map(Number);
    const [lampOnHand, lampCommitted] = wh(before.lamp);
    expect(wh(await stockOf(owner, lamp))).toEqual([lampOnHand, lampCommitted! + 2]);

    const bad = await refused(
      FULFILL,
      {
        input: {
          orderId: order.id,
          lines: [
            { lineId: lampLine.id, quantity: 3 },
            { lineId: 'oli_nope', quantity: 1 },
          ],
        },
      },
      order.id,
      'orderFulfill',
    );
    expect(bad).toEqual([
      {
        field: ['input', 'lines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Fulfill a whole number from 1 to 2 of this item.',
      },
      {
        field: ['input', 'lines', '1', 'lineId'],
        code: 'INVALID',
        message: 'This item is not on this order.',
      },
    ]);

    expect(
      await refused(
        FULFILL,
        { input: { orderId: order.id, trackingUrl: 'javascript:alert(1)', carrier: 'x'.repeat(256) } },
        order.id,
        'orderFulfill',
      ),
    ).toEqual([
      { field: ['input', 'carrier'], code: 'TOO_LONG', message: 'Use at most 255 characters.' },
      {
        field: ['input', 'trackingUrl'],
        code: 'INVALID',
        message: 'Enter the full web address, starting with https://.',
      },
    ]);

    const first = (
      await gql(packer, FULFILL, {
        input: {
          orderId: order.id,
          lines: [{ lineId: lampLine.id, quantity: 1 }],
          carrier: 'ups',
          trackingNumber: '1Z 999 AA1 0123456784',
        },
      })
    ).orderFulfill;
    expect(first.userErrors).toEqual([]);
    expect(first.fulfillment).toMatchObject({
      name: expect.stringMatching(/^#\d+-F1$/),
      status: 'SUCCESS',
      location: { name: 'Warehouse' },
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(first.order).toMatchObject({
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
      lines: [
        { sku: 'ACT-LAMP', fulfilledQuantity: 1, unfulfilledQuantity: 1 },
        { sku: 'ACT-MUG', fulfilledQuantity: 0, unfulfilledQuantity: 1 },
      ],
      fulfillments: [
        {
          carrier: 'UPS',
          trackingNumber: '1Z 999 AA1 0123456784',
          lines: [{ quantity: 1, line: { sku: 'ACT-LAMP' } }],
        },
      ],
    });
    expect(wh(await stockOf(owner, lamp))).toEqual([lampOnHand! - 1, lampCommitted! + 1]);

    const rest = (await gql(owner, FULFILL, { input: { orderId: order.id } })).orderFulfill;
    expect(rest.userErrors).toEqual([]);
    expect(rest.fulfillment.name).toMatch(/-F2$/);
    expect(rest.order.fulfillmentStatus).toBe('FULFILLED');
    const timeline = (
      await gql(owner, `query($id: ID!) { order(id: $id) { timeline { message actorName } } }`, {
        id: order.id,
      })
    ).order.timeline;
    expect(withoutEmails(timeline).slice(0, 2)).toEqual([
      { message: 'Fulfilled 2 items from Warehouse', actorName: 'Store owner' },
      { message: 'Fulfilled 1 item from Warehouse (UPS 1Z 999 AA1 0123456784)', actorName: 'Pat Packer' },
    ]);
    expect(rest.order.fulfillments[1].lines).toEqual([
      { quantity: 1, line: { sku: 'ACT-LAMP' } },
      { quantity: 1, line: { sku: 'ACT-MUG' } },
    ]);
    expect(wh(await stockOf(owner, lamp))).toEqual([lampOnHand! - 2, lampCommitted]);
    expect((await movementsOf(owner, lamp)).slice(-3)).toEqual([
      'ORDER_COMMITTED Warehouse 0/2',
      'FULFILLED Warehouse -1/-1',
      'FULFILLED Warehouse -1/-1',
    ]);
    expect(await refused(FULFILL, { input: { orderId: order.id } }, order.id, 'orderFulfill')).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: 'Every item of this order is already fulfilled.' },
    ]);
  });

  it('fulfills from another location when it has the stock, and refuses when it does not', async () => {
    const order = await createOrder(owner, [
      { variantId: lamp, quantity: 2 },
      { variantId: mug, quantity: 1 },
      { variantId: card, quantity: 1 },
    ]);
    const [lampLine, mugLine, cardLine] = order.lines;
    expect(cardLine.location).toBeNull();
    const lampBefore = await stockOf(owner, lamp);
    const noStock = await refused(
      FULFILL,
      { input: { orderId: order.id, locationId: shop, lines: [{ lineId: mugLine.id, quantity: 1 }] } },
      order.id,
      'orderFulfill',
    );
    expect(noStock).toEqual([
      {
        field: ['input', 'lines', '0', 'quantity'],
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 0 available at Shop.',
      },
    ]);

    const moved = (
      await gql(owner, FULFILL, {
        input: {
          orderId: order.id,
          locationId: shop,
          lines: [
            { lineId: lampLine.id, quantity: 2 },
            { lineId: cardLine.id, quantity: 1 },
          ],
          carrier: 'Pigeon Post',
          trackingNumber: 'P-1',
        },
      })
    ).orderFulfill;
    expect(moved.userErrors).toEqual([]);
    expect(moved.fulfillment).toMatchObject({ location: { name: 'Shop' }, trackingUrl: null });
    const lampAfter = await stockOf(owner, lamp);
    const [whOnHand, whCommitted] = lampBefore['Warehouse']!.split('/').map(Number);
    const [shopOnHand, shopCommitted] = lampBefore['Shop']!.split('/').map(Number);
    // Released at the warehouse, committed and taken at the shop: both on the ledger.
    expect(lampAfter).toEqual({
      Warehouse: `${whOnHand}/${whCommitted! - 2}`,
      Shop: `${shopOnHand! - 2}/${shopCommitted}`,
    });
    expect((await movementsOf(owner, lamp)).slice(-3)).toEqual([
      'ORDER_RELEASED Warehouse 0/-2',
      'ORDER_COMMITTED Shop 0/2',
      'FULFILLED Shop -2/-2',
    ]);
    expect((await movementsOf(owner, card)).length).toBe(0);
    expect(
      moved.order.lines.map((l: any) => [l.sku, l.unfulfilledQuantity, l.location?.name ?? null]),
    ).toEqual([
      ['ACT-LAMP', 0, 'Shop'],
      ['ACT-MUG', 1, 'Warehouse'],
      ['ACT-CARD', 0, null],
    ]);

    // Cancelling the fulfillment puts the lamps back on the shop's shelf, reserved for this order.
    const fulfillmentId = moved.order.fulfillments[0].id;
    const back = (await gql(owner, FULFILLMENT_CANCEL, { id: fulfillmentId })).fulfillmentCancel;
    expect(back.userErrors).toEqual([]);
    expect(back.order).toMatchObject({
      fulfillmentStatus: 'UNFULFILLED',
      fulfillments: [{ status: 'CANCELLED' }],
      lines: [{ unfulfilledQuantity: 2 }, { unfulfilledQuantity: 1 }, { unfulfilledQuantity: 1 }],
    });
    expect(await stockOf(owner, lamp)).toEqual({
      Warehouse: `${whOnHand}/${whCommitted! - 2}`,
      Shop: `${shopOnHand}/${shopCommitted! + 2}`,
    });
    expect((await movementsOf(owner, lamp)).at(-1)).toBe('RESTOCKED Shop 2/2');
    expect(await refused(FULFILLMENT_CANCEL, { id: fulfillmentId }, order.id, 'fulfillmentCancel')).toEqual([
      { field: ['id'], code: 'INVALID_TRANSITION', message: 'This fulfillment is already cancelled.' },
    ]);

    // Now reserved at two places: the default location is ambiguous, so it asks.
    expect(await refused(FULFILL, { input: { orderId: order.id } }, order.id, 'orderFulfill')).toEqual([
      {
        field: ['input', 'locationId'],
        code: 'INVALID',
        message:
          'These items are reserved at Shop and Warehouse; choose the location to ship from, or fulfill them separately.',
      },
    ]);
    // Cancelling the order releases each line where it is reserved now.
    const mugBefore = await stockOf(owner, mug);
    const cancelled = (await gql(owner, CANCEL, { id: order.id })).orderCancel;
    expect(cancelled.userErrors).toEqual([]);
    expect(await stockOf(owner, lamp)).toEqual({
      Warehouse: `${whOnHand}/${whCommitted! - 2}`,
      Shop: `${shopOnHand}/${shopCommitted}`,
    });
    expect((await movementsOf(owner, lamp)).at(-1)).toBe('ORDER_RELEASED Shop 0/-2');
    const [mugOnHand, mugCommitted] = mugBefore['Warehouse']!.split('/').map(Number);
    expect((await stockOf(owner, mug))['Warehouse']).toBe(`${mugOnHand}/${mugCommitted! - 1}`);
  });

  it('puts a cancelled partial shipment from elsewhere back with the rest of its line', async () => {
    const before = await stockOf(owner, lamp);
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 3 }]);
    const line = order.lines[0];
    const shipped = (
      await gql(owner, FULFILL, {
        input: { orderId: order.id, locationId: shop, lines: [{ lineId: line.id, quantity: 1 }] },
      })
    ).orderFulfill;
    expect(shipped.order.lines[0]).toMatchObject({ unfulfilledQuantity: 2, location: { name: 'Warehouse' } });
    const back = (await gql(owner, FULFILLMENT_CANCEL, { id: shipped.fulfillment.id })).fulfillmentCancel;
    expect(back.userErrors).toEqual([]);
    expect(back.order.lines[0]).toMatchObject({ unfulfilledQuantity: 3, location: { name: 'Warehouse' } });
    const [whOnHand, whCommitted] = before['Warehouse']!.split('/').map(Number);
    expect(await stockOf(owner, lamp)).toEqual({
      Warehouse: `${whOnHand}/${whCommitted! + 3}`,
      Shop: before['Shop'],
    });
    expect((await movementsOf(owner, lamp)).slice(-3)).toEqual([
      'RESTOCKED Shop 1/1',
      'ORDER_RELEASED Shop 0/-1',
      'ORDER_COMMITTED Warehouse 0/1',
    ]);
  });

  it('refuses to cancel an order with fulfillments, changing nothing', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }]);
    const line = order.lines[0];
    await gql(owner, FULFILL, { input: { orderId: order.id, lines: [{ lineId: line.id, quantity: 1 }] } });
    expect(await refused(CANCEL, { id: order.id, reason: 'Changed mind' }, order.id, 'orderCancel')).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: "An order with fulfillments can't be cancelled." },
    ]);
    const address = { line1: '2 New Street', city: 'Dayton', postalCode: '45402', countryCode: 'US' };
    expect(
      await refused(UPDATE, { id: order.id, input: { shippingAddress: address } }, order.id, 'orderUpdate'),
    ).toEqual([
      {
        field: ['input', 'shippingAddress'],
        code: 'INVALID_TRANSITION',
        message: "Items of this order have shipped; its addresses can't change any more.",
      },
    ]);
    // A form that sends the unchanged address back along with a new note is fine.
    const same = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      line1: '1 Analytical Way',
      city: 'Columbus',
      postalCode: '43004',
      countryCode: 'US',
    };
    const noted = (
      await gql(owner, UPDATE, { id: order.id, input: { shippingAddress: same, note: 'Fragile' } })
    ).orderUpdate;
    expect(noted.userErrors).toEqual([]);
    expect(noted.order).toMatchObject({ note: 'Fragile', shippingAddress: { city: 'Columbus' } });
  });

  const BULK_UPDATE = `mutation($ids: [ID!]!, $add: [String!], $remove: [String!], $close: Boolean) {
    ordersBulkUpdate(ids: $ids, addTags: $add, removeTags: $remove, close: $close) {
      orders { id status tags } userErrors { field code message } } }`;
  const BULK_FULFILL = `mutation($ids: [ID!]!, $locationId: ID!) { ordersBulkFulfill(ids: $ids, locationId: $locationId) {
    orders { id fulfillmentStatus } userErrors { field code message } } }`;

  it('tags and closes many orders at once, all or nothing', async () => {
    const a = await createOrder(owner, [{ variantId: mug, quantity: 1 }], { tags: ['Wholesale'] });
    const b = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    const tagged = (
      await gql(owner, BULK_UPDATE, { ids: [b.id, a.id], add: ['rush', 'RUSH'], remove: ['wholesale'] })
    ).ordersBulkUpdate;
    expect(tagged).toEqual({
      orders: [
        { id: b.id, status: 'OPEN', tags: ['rush'] },
        { id: a.id, status: 'OPEN', tags: ['rush'] },
      ],
      userErrors: [],
    });
    const c = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    await gql(owner, CANCEL, { id: c.id });
    const watch = { field: 'ordersBulkUpdate', variantIds: [mug] };
    expect(
      await refusedChange(
        owner,
        BULK_UPDATE,
        { ids: [a.id, 'ord_nope'], close: true },
        { ...watch, orderId: a.id },
      ),
    ).toEqual([{ field: ['ids', '1'], code: 'INVALID', message: 'This order does not exist.' }]);
    const many = Array.from({ length: 251 }, () => a.id);
    expect(
      await refusedChange(owner, BULK_UPDATE, { ids: many, close: true }, { ...watch, orderId: a.id }),
    ).toEqual([{ field: ['ids'], code: 'LIMIT_EXCEEDED', message: 'Choose at most 250 orders at a time.' }]);
    expect(await refusedChange(owner, BULK_UPDATE, { ids: [a.id] }, { ...watch, orderId: a.id })).toEqual([
      { field: null, code: 'REQUIRED', message: 'Choose what to change: tags to add or remove, or close.' },
    ]);
    const closed = (await gql(owner, BULK_UPDATE, { ids: [a.id, b.id, c.id], close: true })).ordersBulkUpdate;
    // A cancelled order is archived too (issue #26 §3), and stays cancelled.
    expect(closed.orders.map((o: any) => o.status)).toEqual(['CLOSED', 'CLOSED', 'CANCELLED']);
    expect((await readOrder(owner, c.id)).closedAt).toBeTruthy();
    // Closing an order that is already closed is what was asked: not an error.
    const again = (await gql(owner, BULK_UPDATE, { ids: [a.id, c.id], close: true })).ordersBulkUpdate;
    expect(again).toMatchObject({ orders: [{ status: 'CLOSED' }, { status: 'CANCELLED' }], userErrors: [] });
  });

  it('fulfills many orders from one location, each in full or none at all', async () => {
    const x = await createOrder(owner, [
      { variantId: lamp, quantity: 1 },
      { variantId: card, quantity: 2 },
    ]);
    const y = await createOrder(owner, [{ variantId: mug, quantity: 2 }]);
    const watch = { field: 'ordersBulkFulfill', variantIds: [lamp, mug] };
    expect(
      await refusedChange(
        owner,
        BULK_FULFILL,
        { ids: [x.id, y.id], locationId: shop },
        { ...watch, orderId: x.id },
      ),
    ).toEqual([
      {
        field: ['ids', '1'],
        code: 'INSUFFICIENT_STOCK',
        message: `${y.name}: Product ACT-MUG: only 0 available at Shop.`,
      },
    ]);
    expect((await readOrder(owner, y.id)).fulfillmentStatus).toBe('UNFULFILLED');
    const done = (await gql(owner, BULK_FULFILL, { ids: [x.id, y.id], locationId: warehouse }))
      .ordersBulkFulfill;
    expect(done).toEqual({
      orders: [
        { id: x.id, fulfillmentStatus: 'FULFILLED' },
        { id: y.id, fulfillmentStatus: 'FULFILLED' },
      ],
      userErrors: [],
    });
    expect((await readOrder(owner, x.id)).fulfillments).toMatchObject([
      { status: 'SUCCESS', location: { name: 'Warehouse' }, lines: [{ quantity: 1 }, { quantity: 2 }] },
    ]);
    const twice = (await gql(owner, BULK_FULFILL, { ids: [x.id, y.id], locationId: warehouse }))
      .ordersBulkFulfill;
    expect(twice.userErrors).toEqual([
      {
        field: ['ids', '0'],
        code: 'INVALID_TRANSITION',
        message: `${x.name}: Every item of this order is already fulfilled.`,
      },
      {
        field: ['ids', '1'],
        code: 'INVALID_TRANSITION',
        message: `${y.name}: Every item of this order is already fulfilled.`,
      },
    ]);
    const nowhere = (await gql(owner, BULK_FULFILL, { ids: [x.id], locationId: 'loc_nope' }))
      .ordersBulkFulfill;
    expect(nowhere.userErrors).toEqual([
      { field: ['locationId'], code: 'INVALID', message: 'This location does not exist.' },
    ]);
  });
});
