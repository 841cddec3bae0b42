import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { CREATE, setUpCreateStore, US } from '../../support/order-create-store.js';
import { FULFILL, createLocation, createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { calculate, committedOf, edit, tablesOf, versionOf } from '../../support/order-edit-fixtures.js';

/**
 * Issue #32, order edits and stock: new lines commit where orderCreate would commit them, in the
 * same ordered locks, so an edit and a new order racing for the last units never oversell; more
 * units of a line commit where its stock is; fewer release it. Races on PostgreSQL really overlap
 * (separate connections); on PGlite they queue and must give the same answers.
 */
describe.each(DATABASES)('order edit stock and races on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let second: Client;
  let main: string;
  let backroom: string;
  let lamp: string;
  let card: string;
  let mug: string;
  let scarce: string;
  const db = () => ctx.server.app.database.db;

  const adjust = async (variantId: string, locationId: string, delta: number) => {
    const done = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId, locationId, delta }] } },
    );
    expect(done.inventoryAdjust.userErrors).toEqual([]);
  };

  it('sets up a store with two locations', async () => {
    ({ owner, lamp, card, main } = await setUpCreateStore(ctx.server));
    second = await signedIn(ctx.server);
    backroom = (await gql(owner, `{ locations { id name } }`)).locations.find(
      (l: { name: string }) => l.name === 'Backroom',
    ).id;
    await adjust(lamp, main, 200);
    mug = await createVariant(owner, { sku: 'MUG', price: '12.00', stock: { [main]: 2, [backroom]: 5 } });
    scarce = await createVariant(owner, { sku: 'SCARCE', price: '9.00' });
  });

  it('an edit and a new order racing for the last unit: exactly one gets it', async () => {
    for (let round = 0; round < 4; round++) {
      await adjust(scarce, main, 1);
      const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
      const [edited, placed] = await Promise.all([
        edit(owner, order, { addVariants: [{ variantId: scarce, quantity: 1 }] }),
        gql(second, CREATE, {
          input: {
            lines: [{ variantId: scarce, quantity: 1 }],
            email: 'race@example.com',
            shippingAddress: US,
          },
        }).then((d) => d.orderCreate),
      ]);
      const winners = [edited, placed].filter((r) => r.userErrors.length === 0);
      expect(winners, `round ${round}`).toHaveLength(1);
      if (edited.userErrors.length)
        expect(edited.userErrors).toEqual([
          {
            field: ['changes', 'addVariants', '0', 'quantity'],
            code: 'INSUFFICIENT_STOCK',
            message: expect.stringMatching(/^Product SCARCE.*: only 0 available at /),
          },
        ]);
      else
        expect(placed.userErrors).toEqual([
          {
            field: ['input', 'lines', '0', 'quantity'],
            code: 'INSUFFICIENT_STOCK',
            message: expect.any(String),
          },
        ]);
      // Never committed beyond what is on hand.
      const levels = await committedOf(ctx.server, scarce);
      const [onHand, committed] = levels['Main warehouse']!.split('/').map(Number);
      expect(committed).toBe(onHand);
    }
  });

  it('more units commit where the line stock is; a new line where it all fits; short stock names the line', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 2 }]);
    expect(order.lines[0].location).toEqual({ name: 'Main warehouse' });
    const more = { setQuantities: [{ orderLineId: order.lines[0].id, quantity: 3 }] };
    const refusal = {
      field: ['changes', 'setQuantities', '0', 'quantity'],
      code: 'INSUFFICIENT_STOCK',
      message: 'Product MUG: only 0 available at Main warehouse.',
    };
    expect((await calculate(owner, order.id, more)).userErrors).toEqual([refusal]);
    expect((await edit(owner, order, more)).userErrors).toEqual([refusal]);

    const tooMany = { addVariants: [{ variantId: mug, quantity: 6 }] };
    const short = {
      field: ['changes', 'addVariants', '0', 'quantity'],
      code: 'INSUFFICIENT_STOCK',
      message: 'Product MUG: only 5 available at Backroom.',
    };
    expect((await calculate(owner, order.id, tooMany)).userErrors).toEqual([short]);
    expect((await edit(owner, order, tooMany)).userErrors).toEqual([short]);
    expect((await tablesOf(ctx.server, order.id)).movements).toHaveLength(1);

    const done = await edit(owner, order, {
      addVariants: [
        { variantId: mug, quantity: 4 },
        { variantId: card, quantity: 1 },
      ],
      setQuantities: [{ orderLineId: order.lines[0].id, quantity: 1 }],
    });
    expect(done.userErrors).toEqual([]);
    expect(done.calculation.stockChanges).toEqual([
      { sku: 'MUG', title: expect.stringContaining('MUG'), location: { name: 'Backroom' }, quantity: 4 },
      {
        sku: 'MUG',
        title: expect.stringContaining('MUG'),
        location: { name: 'Main warehouse' },
        quantity: -1,
      },
    ]);
    expect((await tablesOf(ctx.server, order.id)).movements).toEqual([
      { reason: 'ORDER_COMMITTED', sku: 'MUG', location: 'Main warehouse', onHand: 0, committed: 2 },
      { reason: 'ORDER_COMMITTED', sku: 'MUG', location: 'Backroom', onHand: 0, committed: 4 },
      { reason: 'ORDER_RELEASED', sku: 'MUG', location: 'Main warehouse', onHand: 0, committed: -1 },
    ]);
    expect(await committedOf(ctx.server, mug)).toEqual({ 'Main warehouse': '2/1', Backroom: '5/4' });
    expect(done.order.lines.map((l: any) => [l.sku, l.quantity, l.location?.name ?? null])).toEqual([
      ['MUG', 1, 'Main warehouse'],
      ['MUG', 4, 'Backroom'],
      ['CARD', 1, null],
    ]);
  });

  it('an edit racing a fulfillment: one wins, the stock tells one story', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await createOrder(owner, [
        { variantId: lamp, quantity: 2 },
        { variantId: card, quantity: 1 },
      ]);
      const lampLine = order.lines.find((l: { sku: string }) => l.sku === 'LAMP').id;
      const [edited, fulfilled] = await Promise.all([
        edit(owner, order, { setQuantities: [{ orderLineId: lampLine, quantity: 0 }] }),
        gql(second, FULFILL, {
          input: { orderId: order.id, lines: [{ lineId: lampLine, quantity: 2 }] },
        }).then((d) => d.orderFulfill),
      ]);
      expect(
        [edited, fulfilled].filter((r) => r.userErrors.length === 0),
        `round ${round}`,
      ).toHaveLength(1);
      const { movements } = await tablesOf(ctx.server, order.id);
      if (edited.userErrors.length === 0) {
        expect(movements.map((m) => [m.reason, m.onHand, m.committed])).toEqual([
          ['ORDER_COMMITTED', 0, 2],
          ['ORDER_RELEASED', 0, -2],
        ]);
      } else {
        expect(edited.userErrors[0]).toMatchObject({ code: 'STALE_VERSION', field: ['expectedVersion'] });
        expect(movements.map((m) => [m.reason, m.onHand, m.committed])).toEqual([
          ['ORDER_COMMITTED', 0, 2],
          ['FULFILLED', -2, -2],
        ]);
        // Once shipped, the line can't be removed nor go below what shipped.
        const current = { id: order.id, version: await versionOf(owner, order.id) };
        expect(
          (await edit(owner, current, { setQuantities: [{ orderLineId: lampLine, quantity: 0 }] }))
            .userErrors,
        ).toEqual([
          {
            field: ['changes', 'setQuantities', '0', 'quantity'],
            code: 'INVALID',
            message: "This line can't be removed: 2 units shipped.",
          },
        ]);
        expect(
          (await edit(owner, current, { setQuantities: [{ orderLineId: lampLine, quantity: 1 }] }))
            .userErrors,
        ).toEqual([
          {
            field: ['changes', 'setQuantities', '0', 'quantity'],
            code: 'INVALID',
            message: "2 units of this line shipped, were refunded or were returned; it can't go below 2.",
          },
        ]);
      }
    }
  });

  it('two edits racing: one wins, the other is STALE_VERSION naming who changed the order and when', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
    const results = await Promise.all([
      edit(owner, order, { setQuantities: [{ orderLineId: order.lines[0].id, quantity: 2 }] }),
      edit(second, order, { setQuantities: [{ orderLineId: order.lines[0].id, quantity: 3 }] }),
    ]);
    const won = results.filter((r) => r.userErrors.length === 0);
    const lost = results.filter((r) => r.userErrors.length > 0);
    expect(won).toHaveLength(1);
    expect(lost[0].userErrors).toEqual([
      {
        field: ['expectedVersion'],
        code: 'STALE_VERSION',
        message: expect.stringMatching(
          /^Store owner changed this order on .+, after you opened it; look at it again and redo your edit\.$/,
        ),
      },
    ]);
    const { movements } = await tablesOf(ctx.server, order.id);
    expect(movements.map((m) => m.committed)).toEqual([1, won[0].order.lines[0].quantity - 1]);
  });

  it('the same idempotency key twice makes one edit and answers the first', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], { payment: { kind: 'SALE' } });
    const changes = { addVariants: [{ variantId: mug, quantity: 1 }] };
    const first = await edit(owner, order, changes, { idempotencyKey: 'edit-once' });
    expect(first.userErrors).toEqual([]);
    const again = await edit(owner, order, changes, { idempotencyKey: 'edit-once' });
    expect(again.userErrors).toEqual([]);
    expect(again.calculation).toEqual(first.calculation);
    expect(again.order.version).toBe(first.order.version);
    // Concurrent repeats of another key: one edit too.
    const current = { id: order.id, version: first.order.version };
    const both = await Promise.all([
      edit(owner, current, changes, { idempotencyKey: 'edit-twice' }),
      edit(second, current, changes, { idempotencyKey: 'edit-twice' }),
    ]);
    expect(both.map((r) => r.userErrors)).toEqual([[], []]);
    expect(both[1].calculation).toEqual(both[0].calculation);
    const tables = await tablesOf(ctx.server, order.id);
    expect(tables.lines.map((l) => l.quantity)).toEqual([1, 1, 1]);
    expect(tables.movements.filter((m) => m.sku === 'MUG').map((m) => m.committed)).toEqual([1, 1]);
    const edits = await db()
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'order.edit')
      .where('subject_id', '=', tables.order.id)
      .execute();
    expect(edits).toHaveLength(2);
    const events = await db()
      .selectFrom('domain_events')
      .select('type')
      .where('subject_id', '=', tables.order.id)
      .where('type', '=', 'order.edited')
      .execute();
    expect(events).toHaveLength(2);
  });

  it('a location made later does not change where an order line stock stays', async () => {
    // Sanity for the rule above: a new higher-priority location never moves a kept line's stock.
    await createLocation(owner, 'Annex');
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
    const done = await edit(owner, order, {
      setQuantities: [{ orderLineId: order.lines[0].id, quantity: 2 }],
    });
    expect(done.userErrors).toEqual([]);
    expect(done.calculation.stockChanges).toEqual([
      {
        sku: 'LAMP',
        title: expect.stringContaining('LAMP'),
        location: { name: 'Main warehouse' },
        quantity: 1,
      },
    ]);
  });
});
