import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decodeIdOf, encodeId, webhookTopicHears } from '@stockroom/domain';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { setUpCreateStore, US } from '../../support/order-create-store.js';
import {
  CANCEL,
  CLOSE,
  FULFILL,
  FULFILLMENT_CANCEL,
  createOrder,
  gql,
} from '../../support/order-fixtures.js';
import { CREATE as RETURN_CREATE, paidShippedOrder } from '../../support/return-fixtures.js';
import { calculate, edit, untouched, versionOf } from '../../support/order-edit-fixtures.js';
import { BACKFILL_TAX_RATES } from '../../../src/db/migrations/2026-12-04-320-order-edits.js';

/**
 * Issue #32, order edits: what is refused and how (every bad input a userError in plain words under
 * ["changes", …], nothing written), which orders may be edited, new lines taxed at the order's own
 * rate (kept on the order, and found again for orders placed before), the event webhooks deliver,
 * and undo refusing an edit.
 */
describe.each(DATABASES)('order edit rules on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let lamp: string;
  let card: string;
  let standard: string;
  let express: string;
  const db = () => ctx.server.app.database.db;

  const order = (extra: Record<string, unknown> = {}) =>
    createOrder(
      owner,
      [
        { variantId: lamp, quantity: 2 },
        { variantId: card, quantity: 1 },
      ],
      { shippingAddress: US, shippingRateId: standard, ...extra },
    );

  it('sets up a store', async () => {
    let main: string;
    ({ owner, lamp, card, standard, express, main } = await setUpCreateStore(ctx.server));
    const more = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId: lamp, locationId: main, delta: 100 }] } },
    );
    expect(more.inventoryAdjust.userErrors).toEqual([]);
  });

  it('refuses bad input with plain words under ["changes", …] and writes nothing', async () => {
    const placed = await order();
    const other = await order();
    const [lampLine, cardLine] = placed.lines.map((l: { id: string }) => l.id);
    const before = await untouched(ctx.server);
    const at = (...field: string[]) => ['changes', ...field];
    const cases: [Record<string, unknown>, { field: string[] | null; code: string; message: string }[]][] = [
      [{}, [{ field: ['changes'], code: 'REQUIRED', message: 'Nothing to change.' }]],
      [
        { setQuantities: [{ orderLineId: other.lines[0].id, quantity: 1 }] },
        [
          {
            field: at('setQuantities', '0', 'orderLineId'),
            code: 'INVALID',
            message: 'This line is not on the order.',
          },
        ],
      ],
      [
        { setPrices: [{ orderLineId: 'nope', price: '1.00', reason: 'x' }] },
        [
          {
            field: at('setPrices', '0', 'orderLineId'),
            code: 'INVALID',
            message: 'This line is not on the order.',
          },
        ],
      ],
      [
        {
          setQuantities: [
            { orderLineId: lampLine, quantity: -1 },
            { orderLineId: cardLine, quantity: 100_001 },
          ],
        },
        [
          {
            field: at('setQuantities', '0', 'quantity'),
            code: 'OUT_OF_RANGE',
            message: 'Enter a whole quantity from 0 to 100,000.',
          },
          {
            field: at('setQuantities', '1', 'quantity'),
            code: 'OUT_OF_RANGE',
            message: 'Enter a whole quantity from 0 to 100,000.',
          },
        ],
      ],
      [
        {
          setQuantities: [
            { orderLineId: lampLine, quantity: 1 },
            { orderLineId: lampLine, quantity: 3 },
          ],
        },
        [
          {
            field: at('setQuantities', '1', 'orderLineId'),
            code: 'INVALID',
            message: 'This line is named twice; change it once.',
          },
        ],
      ],
      [
        {
          setPrices: [
            { orderLineId: lampLine, price: '12.345', reason: 'Dented' },
            { orderLineId: cardLine, price: '-1.00', reason: '  ' },
          ],
        },
        [
          {
            field: at('setPrices', '0', 'price'),
            code: 'INVALID',
            message: 'Enter a price like 12.50 in USD, not below 0.',
          },
          {
            field: at('setPrices', '1', 'price'),
            code: 'INVALID',
            message: 'Enter a price like 12.50 in USD, not below 0.',
          },
          { field: at('setPrices', '1', 'reason'), code: 'REQUIRED', message: 'Say why.' },
        ],
      ],
      [
        {
          addVariants: [
            { variantId: encodeId('ProductVariant', '00000000-0000-7000-8000-000000000000'), quantity: 0 },
          ],
        },
        [
          {
            field: at('addVariants', '0', 'quantity'),
            code: 'OUT_OF_RANGE',
            message: 'Enter a whole quantity from 1 to 100,000.',
          },
        ],
      ],
      [
        {
          addVariants: [
            { variantId: encodeId('ProductVariant', '00000000-0000-7000-8000-000000000000'), quantity: 1 },
          ],
        },
        [
          {
            field: at('addVariants', '0', 'variantId'),
            code: 'INVALID',
            message: "This variant doesn't exist.",
          },
        ],
      ],
      [
        { shipping: { rateId: standard, customTitle: 'Courier', customPrice: '8.00' } },
        [
          {
            field: at('shipping'),
            code: 'INVALID',
            message: 'Choose a shipping rate or enter a custom title and price, not both.',
          },
        ],
      ],
      [
        { shipping: { rateId: 'nope' } },
        [{ field: at('shipping', 'rateId'), code: 'INVALID', message: "This shipping rate doesn't exist." }],
      ],
      [
        { shipping: { rateId: express } },
        [
          {
            field: at('shipping', 'rateId'),
            code: 'INVALID',
            message: "This shipping rate doesn't apply to orders to United States of this subtotal.",
          },
        ],
      ],
      [
        { discount: { code: 'NOSUCHCODE' } },
        [
          {
            field: at('discount', 'code'),
            code: 'DISCOUNT_NOT_APPLICABLE',
            message: 'There is no discount code “NOSUCHCODE”.',
          },
        ],
      ],
      [
        {
          setQuantities: [
            { orderLineId: lampLine, quantity: 0 },
            { orderLineId: cardLine, quantity: 0 },
          ],
        },
        [
          {
            field: at('setQuantities'),
            code: 'REQUIRED',
            message: 'An order needs at least one line; cancel the order instead.',
          },
        ],
      ],
      [
        {
          addCustomItems: Array.from({ length: 499 }, (_v, i) => ({
            title: `Item ${i}`,
            price: '1.00',
            quantity: 1,
          })),
        },
        [{ field: ['changes'], code: 'LIMIT_EXCEEDED', message: 'An order can have at most 500 lines.' }],
      ],
    ];
    for (const [changes, errors] of cases) {
      const label = JSON.stringify(changes).slice(0, 120);
      expect((await calculate(owner, placed.id, changes)).userErrors, label).toEqual(errors);
      expect((await edit(owner, placed, changes)).userErrors, label).toEqual(errors);
    }
    // An order that doesn't exist.
    const missing = encodeId('Order', '00000000-0000-7000-8000-000000000000');
    const gone = [{ field: ['orderId'], code: 'INVALID', message: 'This order does not exist.' }];
    expect((await calculate(owner, missing, { discount: { code: null } })).userErrors).toEqual(gone);
    expect((await edit(owner, { id: missing, version: 1 }, { discount: { code: null } })).userErrors).toEqual(
      gone,
    );
    expect((await calculate(owner, 'nope', { discount: { code: null } })).userErrors).toEqual(gone);
    // The edit's own reason, 1 … 500 characters.
    const ok = { setQuantities: [{ orderLineId: lampLine, quantity: 3 }] };
    expect((await edit(owner, placed, ok, { reason: ' ' })).userErrors).toEqual([
      { field: ['reason'], code: 'REQUIRED', message: 'Say why the order is edited.' },
    ]);
    expect((await edit(owner, placed, ok, { reason: 'x'.repeat(501) })).userErrors).toEqual([
      { field: ['reason'], code: 'TOO_LONG', message: 'Use at most 500 characters.' },
    ]);
    expect(await untouched(ctx.server)).toEqual(before);
  });

  it('lines with history stay; exchange items follow their return; nothing changed is refused', async () => {
    const placed = await order();
    const [lampLine, cardLine] = placed.lines.map((l: { id: string }) => l.id);
    expect(
      (await edit(owner, placed, { setQuantities: [{ orderLineId: lampLine, quantity: 2 }] })).userErrors,
    ).toEqual([{ field: ['changes'], code: 'REQUIRED', message: 'Nothing to change.' }]);
    // Shipped and the shipment cancelled: nothing shipped now, but the line stays on the order.
    const shipped = await gql(owner, FULFILL, {
      input: { orderId: placed.id, lines: [{ lineId: lampLine, quantity: 2 }] },
    });
    expect(shipped.orderFulfill.userErrors).toEqual([]);
    const back = await gql(owner, FULFILLMENT_CANCEL, { id: shipped.orderFulfill.fulfillment.id });
    expect(back.fulfillmentCancel.userErrors).toEqual([]);
    const now = { id: placed.id, version: await versionOf(owner, placed.id) };
    expect(
      (await edit(owner, now, { setQuantities: [{ orderLineId: lampLine, quantity: 0 }] })).userErrors,
    ).toEqual([
      {
        field: ['changes', 'setQuantities', '0', 'quantity'],
        code: 'INVALID',
        message:
          'This line was on a fulfillment or a return, so it stays on the order; lower it to 1 instead.',
      },
    ]);
    const lowered = await edit(owner, now, {
      setQuantities: [
        { orderLineId: lampLine, quantity: 1 },
        { orderLineId: cardLine, quantity: 0 },
      ],
    });
    expect(lowered.userErrors).toEqual([]);
    expect(lowered.order.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual([
      ['LAMP', 1],
    ]);

    // An exchange's new item: its return adds and takes it off.
    const shippedOrder = await paidShippedOrder(owner, lamp, 2);
    // An order placed before its rate was kept learns it from an exchange's items.
    const shippedId = decodeIdOf('Order', shippedOrder.id)!;
    await db().updateTable('orders').set({ tax_rate: null }).where('id', '=', shippedId).execute();
    const exchanged = await gql(owner, RETURN_CREATE, {
      input: {
        orderId: shippedOrder.id,
        lines: [{ orderLineId: shippedOrder.lineId, quantity: 1, reason: 'SIZE_TOO_SMALL' }],
        exchangeLines: [{ variantId: card, quantity: 1 }],
      },
    });
    expect(exchanged.returnCreate.userErrors).toEqual([]);
    const rate = await db()
      .selectFrom('orders')
      .select('tax_rate')
      .where('id', '=', shippedId)
      .executeTakeFirstOrThrow();
    expect(rate.tax_rate).toBe('10.000');
    const exchangeLine = exchanged.returnCreate.order.lines.find((l: { sku: string }) => l.sku === 'CARD').id;
    const current = { id: shippedOrder.id, version: await versionOf(owner, shippedOrder.id) };
    expect(
      (await edit(owner, current, { setQuantities: [{ orderLineId: exchangeLine, quantity: 2 }] }))
        .userErrors,
    ).toEqual([
      {
        field: ['changes', 'setQuantities', '0', 'orderLineId'],
        code: 'INVALID',
        message: "This line is a return's exchange item; change the return instead.",
      },
    ]);
  });

  it('EDIT is offered on open orders only; cancelled and closed ones are refused with the rule', async () => {
    const open = await order();
    expect(open.availableActions).toContain('EDIT');
    const changes = { setQuantities: [{ orderLineId: open.lines[0].id, quantity: 3 }] };

    const cancelled = (await gql(owner, CANCEL, { id: open.id })).orderCancel.order;
    expect(cancelled.availableActions).not.toContain('EDIT');
    expect((await edit(owner, cancelled, changes)).userErrors).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: "A cancelled order can't be edited." },
    ]);
    expect((await calculate(owner, open.id, changes)).userErrors).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: "A cancelled order can't be edited." },
    ]);

    const other = await order();
    const closed = (await gql(owner, CLOSE, { id: other.id })).orderClose.order;
    expect(closed.availableActions).not.toContain('EDIT');
    expect(
      (await edit(owner, closed, { setQuantities: [{ orderLineId: other.lines[0].id, quantity: 3 }] }))
        .userErrors,
    ).toEqual([
      {
        field: null,
        code: 'INVALID_TRANSITION',
        message: "A closed order can't be edited; reopen it first.",
      },
    ]);
  });

  it('new lines are taxed at the rate of the order placement, kept on the order', async () => {
    const placed = await order();
    await db().updateTable('tax_rates').set({ rate: '20' }).where('country_code', '=', 'US').execute();
    try {
      const done = await edit(owner, placed, {
        addCustomItems: [{ title: 'Engraving', price: '10.00', quantity: 1 }],
      });
      expect(done.userErrors).toEqual([]);
      expect(done.calculation.lines.at(-1)).toMatchObject({ change: 'ADDED', tax: { amount: '1.00' } });
      // 80 + 25 + 10 = 115, shipping 5, tax 10 % of 120.
      expect(done.order).toMatchObject({ taxTotal: { amount: '12.00' }, total: { amount: '132.00' } });
    } finally {
      await db().updateTable('tax_rates').set({ rate: '10' }).where('country_code', '=', 'US').execute();
    }
  });

  it('says which lines need no shipping, so no packing slip offers them', async () => {
    const placed = await order();
    const done = await edit(owner, placed, {
      addCustomItems: [{ title: 'Gift card', price: '20.00', quantity: 1, requiresShipping: false }],
    });
    expect(done.userErrors).toEqual([]);
    const read = await gql(owner, `query($id: ID!) { order(id: $id) { lines { sku requiresShipping } } }`, {
      id: placed.id,
    });
    expect(read.order.lines.map((l: { requiresShipping: boolean }) => l.requiresShipping)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('orders placed before keep their rate found again from their lines, else from their address', async () => {
    const fromLines = await order();
    const fromAddress = await order();
    const id = (o: { id: string }) => decodeIdOf('Order', o.id)!;
    await db()
      .updateTable('orders')
      .set({ tax_rate: null })
      .where('id', 'in', [id(fromLines), id(fromAddress)])
      .execute();
    // An order whose lines were taxed at 8.875 % (no such rate today) and one with no taxed line.
    await db()
      .updateTable('order_lines')
      .set({ tax: 710 })
      .where('order_id', '=', id(fromLines))
      .where('sku', '=', 'LAMP')
      .execute();
    await db().updateTable('order_lines').set({ tax: 0 }).where('order_id', '=', id(fromAddress)).execute();
    for (const statement of BACKFILL_TAX_RATES) await sql.raw(statement).execute(db());
    const rates = await db()
      .selectFrom('orders')
      .select(['id', 'tax_rate'])
      .where('id', 'in', [id(fromLines), id(fromAddress)])
      .execute();
    expect(Object.fromEntries(rates.map((r) => [r.id, r.tax_rate]))).toEqual({
      [id(fromLines)]: '8.875',
      [id(fromAddress)]: '10.000',
    });
  });

  it('an edit is one audit event, an order.edited event for ORDERS_UPDATED webhooks, and undo refuses it', async () => {
    const placed = await order();
    const done = await edit(owner, placed, {
      setQuantities: [{ orderLineId: placed.lines[0].id, quantity: 3 }],
    });
    expect(done.userErrors).toEqual([]);
    const events = await db()
      .selectFrom('audit_events')
      .select(['id', 'action', 'changes'])
      .where('subject_id', '=', decodeIdOf('Order', placed.id)!)
      .where('action', '=', 'order.edit')
      .execute();
    expect(events).toHaveLength(1);
    expect((events[0]!.changes as any).lines).toEqual({
      before: [
        { title: 'Product LAMP', quantity: 2, unitPrice: 4000 },
        { title: 'Product CARD', quantity: 1, unitPrice: 2500 },
      ],
      after: [
        { title: 'Product LAMP', quantity: 3, unitPrice: 4000 },
        { title: 'Product CARD', quantity: 1, unitPrice: 2500 },
      ],
    });
    const outbox = await db()
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('subject_id', '=', decodeIdOf('Order', placed.id)!)
      .where('type', '=', 'order.edited')
      .execute();
    expect(outbox).toEqual([
      { type: 'order.edited', payload: { action: 'order.edit', auditEventId: events[0]!.id } },
    ]);
    expect(webhookTopicHears('ORDERS_UPDATED', 'order.edited')).toBe(true);
    expect(webhookTopicHears('ORDERS_CREATE', 'order.edited')).toBe(false);

    const revert = await gql(
      owner,
      `mutation($id: ID!) { auditEventRevert(id: $id) { userErrors { field code message } } }`,
      { id: encodeId('AuditEvent', events[0]!.id) },
    );
    expect(revert.auditEventRevert.userErrors).toEqual([
      {
        field: ['id'],
        code: 'INVALID_TRANSITION',
        message: 'Order edits move money; make another edit instead.',
      },
    ]);
    expect(await versionOf(owner, placed.id)).toBe(done.order.version);
  });
});
