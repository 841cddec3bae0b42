import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  dollars,
  exchangeTools,
  FULFILL,
  RECEIVE,
  SETTLE,
  setUpExchangeStore,
  SUGGESTED,
  tax8875,
} from '../../support/exchange-fixtures.js';
import { gql, MARK_PAID, withoutEmails } from '../../support/order-fixtures.js';
import { paidShippedOrder } from '../../support/return-fixtures.js';

/**
 * Issue #31, exchanges: a return whose customer takes other items instead of money. The new items
 * join the order priced and taxed today with their stock committed; the credit of the returned
 * units pays for them; the difference is owed (outstanding) or refunded. Stock and money are read
 * from the database as well as the API.
 */
describe.each(DATABASES)('exchanges on returns on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let shop: string, teeM: string, teeL: string, teeS: string;
  const db = () => ctx.server.app.database.db;
  const { orderId, level, movements, readOrder, exchange } = exchangeTools(db, () => owner);

  it('sets up', async () => {
    ({ owner, shop, teeM, teeL, teeS } = await setUpExchangeStore(ctx.server));
  });

  it('exchanges 1 unit for a dearer size taxed at today’s rate: the customer owes the difference, then pays it', async () => {
    // Placed while no tax applied; the exchange comes after a rate for the address was set up.
    const order = await paidShippedOrder(owner, teeM, 1);
    const rate = await gql(
      owner,
      `mutation { taxRateCreate(input: { countryCode: "US", name: "Sales tax", rate: "8.875" }) { userErrors { message } } }`,
    );
    expect(rate.taxRateCreate.userErrors).toEqual([]);
    const shopBefore = await level(teeL, shop);

    const created = await exchange(order, [{ variantId: teeL, quantity: 1 }]);
    expect(created.userErrors).toEqual([]);
    const newTax = tax8875(4500);
    const newTotal = 4500 + newTax;
    expect(created.return.exchangeLines).toEqual([
      {
        id: expect.any(String),
        sku: 'XCH-TEE-L',
        quantity: 1,
        unitPrice: { amount: '45.00' },
        tax: { amount: dollars(newTax) },
        location: { name: 'Shop' },
      },
    ]);
    expect(created.return).toMatchObject({
      exchangeTotal: { amount: dollars(newTotal) },
      exchangeCredit: { amount: '40.00' },
    });
    // The order grew by the new item: figures, items, and a line to ship (after the first).
    expect(created.order).toMatchObject({
      itemsCount: 2,
      subtotal: { amount: '85.00' },
      taxTotal: { amount: dollars(newTax) },
      total: { amount: dollars(4000 + newTotal) },
      exchangeCredit: { amount: '40.00' },
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
    });
    expect(created.order.lines.map((l: any) => [l.sku, l.quantity, l.fulfilledQuantity])).toEqual([
      ['XCH-TEE-M', 1, 1],
      ['XCH-TEE-L', 1, 0],
    ]);
    // Stock: one unit committed at the shop, with its movement naming the order.
    expect(await level(teeL, shop)).toEqual({
      on_hand: shopBefore!.on_hand,
      committed: shopBefore!.committed + 1,
    });
    expect(await movements(order.id, teeL)).toEqual([
      {
        reason: 'ORDER_COMMITTED',
        location_id: decodeIdOf('Location', shop),
        on_hand_delta: 0,
        committed_delta: 1,
        note: `Exchange for return ${order.name}-R1`,
      },
    ]);
    const stored = await db()
      .selectFrom('order_lines')
      .select(['return_id', 'tax', 'unit_price'])
      .where('order_id', '=', orderId(order.id))
      .where('return_id', 'is not', null)
      .execute();
    expect(stored).toEqual([
      { return_id: decodeIdOf('Return', created.return.id), tax: newTax, unit_price: 4500 },
    ]);

    const owedBySum = newTotal - 4000;
    const suggested = (await gql(owner, SUGGESTED, { id: created.return.id })).return.suggestedSettlement;
    expect(suggested).toEqual({
      credit: { amount: '40.00' },
      fees: { amount: '0.00' },
      newItemsTotal: { amount: dollars(newTotal) },
      newItemsTax: { amount: dollars(newTax) },
      difference: { amount: dollars(owedBySum) },
      owed: { amount: dollars(owedBySum) },
      refund: { amount: '0.00' },
      exchangeCredit: { amount: '40.00' },
    });

    const received = (
      await gql(owner, RECEIVE, {
        id: created.return.id,
        lines: [{ returnLineId: created.return.lines[0].id, quantity: 1, disposition: 'RESTOCK' }],
      })
    ).returnReceive;
    expect(received.userErrors).toEqual([]);
    const settled = (await gql(owner, SETTLE, { id: created.return.id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    expect(settled.return).toMatchObject({ credit: { amount: '40.00' }, refund: null });
    expect(settled.order).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      outstanding: { amount: dollars(owedBySum) },
      totalRefunded: { amount: '0.00' },
      exchangeCredit: { amount: '40.00' },
    });
    expect(
      await db().selectFrom('refunds').select('id').where('order_id', '=', orderId(order.id)).execute(),
    ).toEqual([]);

    // Paying what is owed (the existing command) makes the order PAID.
    const paid = (await gql(owner, MARK_PAID, { id: order.id })).orderMarkAsPaid;
    expect(paid.userErrors).toEqual([]);
    const after = await readOrder(order.id);
    expect(after).toMatchObject({ paymentStatus: 'PAID', outstanding: { amount: '0.00' } });
    expect(after.transactions.map((t: any) => [t.kind, t.amount.amount])).toEqual([
      ['SALE', '40.00'],
      ['SALE', dollars(owedBySum)],
    ]);
    const sales = await db()
      .selectFrom('order_transactions')
      .select(['kind', 'amount'])
      .where('order_id', '=', orderId(order.id))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(sales).toEqual([
      { kind: 'SALE', amount: 4000 },
      { kind: 'SALE', amount: owedBySum },
    ]);

    // The new item ships through the normal fulfillment.
    const shipped = (await gql(owner, FULFILL, { input: { orderId: order.id, locationId: shop } }))
      .orderFulfill;
    expect(shipped.userErrors).toEqual([]);
    expect(shipped.order.fulfillmentStatus).toBe('FULFILLED');
    expect(await level(teeL, shop)).toEqual({
      on_hand: shopBefore!.on_hand - 1,
      committed: shopBefore!.committed,
    });

    const timeline = withoutEmails(after.timeline as { message: string }[]).map((e) => e.message);
    expect(timeline).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Return ${order.name}-R1 requested: 1 × .*\\(Size too small\\); exchange for 1 × .* at \\$45\\.00$`,
        ),
      ),
    );
  });

  it('exchanges for a cheaper item at an overridden price: the difference goes back as a refund', async () => {
    const order = await paidShippedOrder(owner, teeM, 1);
    const line = (await readOrder(order.id)).lines[0];
    const paidTotal = 4000 + tax8875(4000);
    expect(line.tax.amount).toBe(dollars(tax8875(4000)));

    const created = await exchange(order, [
      { variantId: teeS, quantity: 1, price: '18.00', priceOverrideReason: 'Loyal customer' },
    ]);
    expect(created.userErrors).toEqual([]);
    const newTotal = 1800 + tax8875(1800);
    expect(created.order.lines[1]).toMatchObject({
      sku: 'XCH-TEE-S',
      unitPrice: { amount: '18.00' },
      originalUnitPrice: { amount: '20.00' },
      priceOverrideReason: 'Loyal customer',
      location: { name: 'Warehouse' },
    });
    // Only the new item's price is taken from the credit; the order is still fully paid.
    expect(created.order).toMatchObject({
      exchangeCredit: { amount: dollars(newTotal) },
      paymentStatus: 'PAID',
      outstanding: { amount: '0.00' },
    });

    await gql(owner, RECEIVE, {
      id: created.return.id,
      lines: [{ returnLineId: created.return.lines[0].id, quantity: 1, disposition: 'RESTOCK' }],
    });
    const back = paidTotal - newTotal;
    const settled = (await gql(owner, SETTLE, { id: created.return.id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    expect(settled.return.refund).toEqual({ amount: { amount: dollars(back) } });
    expect(settled.order).toMatchObject({
      paymentStatus: 'PARTIALLY_REFUNDED',
      totalRefunded: { amount: dollars(back) },
      outstanding: { amount: '0.00' },
    });
    const refunds = await db()
      .selectFrom('refunds')
      .select(['amount', 'transaction_id'])
      .where('order_id', '=', orderId(order.id))
      .execute();
    expect(refunds).toEqual([{ amount: back, transaction_id: expect.any(String) }]);
    const tx = await db()
      .selectFrom('order_transactions')
      .select(['kind', 'amount'])
      .where('id', '=', refunds[0]!.transaction_id!)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'REFUND', amount: back });
  });

  it('a missing unit credits nothing at settlement: the credit applied to the new item shrinks and the customer owes it all', async () => {
    const order = await paidShippedOrder(owner, teeM, 1);
    const created = await exchange(order, [{ variantId: teeS, quantity: 1 }]);
    expect(created.userErrors).toEqual([]);
    const newTotal = 2000 + tax8875(2000);
    expect(created.order.exchangeCredit).toEqual({ amount: dollars(newTotal) });
    await gql(owner, RECEIVE, {
      id: created.return.id,
      lines: [{ returnLineId: created.return.lines[0].id, quantity: 1, disposition: 'MISSING' }],
    });
    const settled = (await gql(owner, SETTLE, { id: created.return.id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    expect(settled.return.exchangeCredit).toEqual({ amount: '0.00' });
    expect(settled.order).toMatchObject({
      exchangeCredit: { amount: '0.00' },
      paymentStatus: 'PARTIALLY_PAID',
      outstanding: { amount: dollars(newTotal) },
    });
  });

  it('cancelling the return takes the new items off: stock released, totals and credit as before', async () => {
    const order = await paidShippedOrder(owner, teeM, 1);
    const before = await readOrder(order.id);
    const levelBefore = await level(teeL, shop);
    const created = await exchange(order, [{ variantId: teeL, quantity: 2 }]);
    expect(created.userErrors).toEqual([]);
    expect(await level(teeL, shop)).toEqual({ ...levelBefore, committed: levelBefore!.committed + 2 });

    const cancelled = (await gql(owner, CANCEL, { id: created.return.id })).returnCancel;
    expect(cancelled.userErrors).toEqual([]);
    expect(cancelled.return).toMatchObject({
      status: 'CANCELLED',
      exchangeLines: [],
      exchangeCredit: { amount: '0.00' },
    });
    const { timeline: _t, ...after } = await readOrder(order.id);
    const { timeline: _b, ...was } = before;
    expect(after).toEqual(was);
    expect(await level(teeL, shop)).toEqual(levelBefore);
    expect((await movements(order.id, teeL)).map((m) => [m.reason, m.committed_delta, m.note])).toEqual([
      ['ORDER_COMMITTED', 2, `Exchange for return ${order.name}-R1`],
      ['ORDER_RELEASED', -2, `Return ${order.name}-R1 cancelled: exchange released`],
    ]);
    const timeline = withoutEmails(_t as { message: string }[]).map((e) => e.message);
    expect(timeline).toContain(
      `Return ${order.name}-R1 cancelled (2 items of its exchange taken off the order)`,
    );
  });

  it('the customer’s spend follows the exchange: + the new items − the credit, back on cancel, − a refund', async () => {
    const spent = async (id: string) =>
      Number(
        (
          await db()
            .selectFrom('customers')
            .select('total_spent')
            .where('id', '=', decodeIdOf('Customer', id)!)
            .executeTakeFirstOrThrow()
        ).total_spent,
      );
    const order = await paidShippedOrder(owner, teeM, 1);
    const customer = (
      await gql(owner, `query($id: ID!) { order(id: $id) { customer { id } } }`, { id: order.id })
    ).order.customer;
    expect(customer).not.toBeNull();
    const start = await spent(customer.id);

    // Dearer: the customer's spend grows by what they owe, nothing more.
    const dearer = await exchange(order, [{ variantId: teeL, quantity: 1 }]);
    expect(dearer.userErrors).toEqual([]);
    const minor = (m: { amount: string }) => Math.round(Number(m.amount) * 100);
    // The tee was bought with its tax (the rate exists by now): that is the credit.
    const line = (
      await gql(owner, `query($id: ID!) { order(id: $id) { lines { tax { amount } } } }`, { id: order.id })
    ).order.lines[0];
    const credit = 4000 + minor(line.tax);
    expect(minor(dearer.return.exchangeCredit)).toBe(credit);
    const newTotal = minor(dearer.return.exchangeTotal);
    expect(await spent(customer.id)).toBe(start + newTotal - credit);
    // Called off: back where it was.
    expect((await gql(owner, CANCEL, { id: dearer.return.id })).returnCancel.userErrors).toEqual([]);
    expect(await spent(customer.id)).toBe(start);

    // Cheaper, settled: the new item less the credit, then the refund of the rest takes it off.
    const cheaper = await exchange(order, [{ variantId: teeS, quantity: 1 }]);
    expect(cheaper.userErrors).toEqual([]);
    const cheaperTotal = minor(cheaper.return.exchangeTotal);
    expect(await spent(customer.id)).toBe(start);
    expect(
      (
        await gql(owner, RECEIVE, {
          id: cheaper.return.id,
          lines: [{ returnLineId: cheaper.return.lines[0].id, quantity: 1, disposition: 'RESTOCK' }],
        })
      ).returnReceive.userErrors,
    ).toEqual([]);
    const settled = (await gql(owner, SETTLE, { id: cheaper.return.id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    expect(settled.return.refund.amount.amount).toBe(dollars(credit - cheaperTotal));
    expect(await spent(customer.id)).toBe(start - (credit - cheaperTotal));
  });
});
