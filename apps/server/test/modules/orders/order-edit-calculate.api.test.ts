import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { CAPTURE, MARK_PAID, createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { setUpCreateStore, US } from '../../support/order-create-store.js';
import { createDiscount, discountOf } from '../../support/discount-fixtures.js';
import {
  calculate,
  committedOf,
  dollars,
  edit,
  editedEntry,
  tablesOf,
  untouched,
} from '../../support/order-edit-fixtures.js';

/**
 * Issue #32, order edits: what orderEditCalculate answers (writing nothing) and what orderEdit then
 * does to the order's money — totals recomputed over every line at the order's own rate, money owed
 * outstanding, money over a suggested refund, an authorization captured only up to the new total,
 * discounts recomputed — each figure worked out again here, and read back from the tables.
 */
describe.each(DATABASES)('order edit figures on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let lamp: string;
  let card: string;
  let shirt: string;
  let standard: string;

  /** 10 % tax on top; the standard rate is $5 (its tax 50¢). */
  const order = (lines: { variantId: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
    createOrder(owner, lines, { shippingAddress: US, shippingRateId: standard, ...extra });

  it('sets up a store with a 10 % tax, rates, a tracked lamp and shirt and an untracked card', async () => {
    let main: string;
    ({ owner, lamp, card, standard, main } = await setUpCreateStore(ctx.server));
    const more = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId: lamp, locationId: main, delta: 100 }] } },
    );
    expect(more.inventoryAdjust.userErrors).toEqual([]);
    shirt = await createVariant(owner, { sku: 'SHIRT', price: '30.00', stock: { [main]: 5 } });
  });

  const changes = () => ({
    addVariants: [{ variantId: shirt, quantity: 1 }],
    addCustomItems: [
      { title: 'Gift wrap', price: '4.00', quantity: 1, taxable: false, requiresShipping: false },
    ],
    setQuantities: [] as { orderLineId: string; quantity: number }[],
    shipping: { customTitle: 'Courier', customPrice: '8.00' },
  });

  it('calculates the order as it would be, writing nothing', async () => {
    const placed = await order(
      [
        { variantId: lamp, quantity: 2 },
        { variantId: card, quantity: 1 },
      ],
      { payment: { kind: 'SALE' } },
    );
    expect(placed.total).toEqual({ amount: '121.00' });
    const cardLine = placed.lines.find((l: { sku: string }) => l.sku === 'CARD');
    const before = await untouched(ctx.server);
    const c = changes();
    c.setQuantities.push({ orderLineId: cardLine.id, quantity: 3 });
    const { calculation, userErrors } = await calculate(owner, placed.id, c);
    expect(userErrors).toEqual([]);
    // Independently: lamp 2 × 40 (tax 8), card 3 × 25 (tax 7.50), shirt 30 (tax 3), gift wrap 4
    // untaxed, courier 8 (tax 0.80).
    const subtotal = 8000 + 7500 + 3000 + 400;
    const tax = 800 + 750 + 300 + 80;
    const total = subtotal + 800 + tax;
    expect(calculation).toMatchObject({
      subtotal: { amount: dollars(subtotal) },
      discountTotal: { amount: '0.00' },
      shippingTotal: { amount: '8.00' },
      taxTotal: { amount: dollars(tax) },
      total: { amount: dollars(total) },
      previousTotal: { amount: '121.00' },
      shippingLine: { name: 'Courier', price: { amount: '8.00' }, tax: { amount: '0.80' } },
      discountCode: null,
      discountMinimumNotMet: false,
      totalPaid: { amount: '121.00' },
      outstanding: { amount: dollars(total - 12100) },
      suggestedRefund: { amount: '0.00' },
      totalCapturable: { amount: '0.00' },
    });
    expect(
      calculation.lines.map((l: any) => [l.sku, l.change, l.previousQuantity, l.quantity, l.tax.amount]),
    ).toEqual([
      ['LAMP', 'UNCHANGED', 2, 2, '8.00'],
      ['CARD', 'QUANTITY_CHANGED', 1, 3, '7.50'],
      ['SHIRT', 'ADDED', 0, 1, '3.00'],
      [null, 'ADDED', 0, 1, '0.00'],
    ]);
    expect(calculation.lines[3]).toMatchObject({ custom: true, productTitle: 'Gift wrap', orderLine: null });
    expect(calculation.lines[0].orderLine).not.toBeNull();
    // The card tracks no stock: only the shirt commits, at the first location that has it.
    expect(calculation.stockChanges).toEqual([
      {
        sku: 'SHIRT',
        title: expect.stringContaining('SHIRT'),
        location: { name: 'Main warehouse' },
        quantity: 1,
      },
    ]);
    expect(await untouched(ctx.server)).toEqual(before);
  });

  it('edits the order: totals as calculated, stock committed, money owed outstanding, spend grown', async () => {
    const placed = await order(
      [
        { variantId: lamp, quantity: 2 },
        { variantId: card, quantity: 1 },
      ],
      { payment: { kind: 'SALE' } },
    );
    const spentBefore = (await tablesOf(ctx.server, placed.id)).totalSpent!;
    const shirtBefore = await committedOf(ctx.server, shirt);
    const c = changes();
    c.setQuantities.push({
      orderLineId: placed.lines.find((l: { sku: string }) => l.sku === 'CARD').id,
      quantity: 3,
    });
    const preview = (await calculate(owner, placed.id, c)).calculation;
    const done = await edit(owner, placed, c, { reason: 'Customer added a shirt' });
    expect(done.userErrors).toEqual([]);
    expect(done.calculation).toEqual(preview);
    const total = 18900 + 800 + 1930;
    expect(done.order).toMatchObject({
      total: { amount: dollars(total) },
      taxTotal: { amount: '19.30' },
      itemsCount: 7,
      paymentStatus: 'PARTIALLY_PAID',
      outstanding: { amount: dollars(total - 12100) },
      shippingLine: { name: 'Courier', price: { amount: '8.00' } },
    });
    expect(done.order.version).toBeGreaterThan(placed.version);
    expect(done.order.availableActions).toContain('EDIT');
    expect(done.order.lines.map((l: any) => [l.sku, l.quantity, l.location?.name ?? null])).toEqual([
      ['LAMP', 2, 'Main warehouse'],
      ['CARD', 3, null],
      ['SHIRT', 1, 'Main warehouse'],
      [null, 1, null],
    ]);
    const tables = await tablesOf(ctx.server, placed.id);
    expect(Number(tables.order.total)).toBe(total);
    expect(tables.order.tax_rate).toBe('10.000');
    expect(tables.lines.map((l) => [l.custom, l.requires_shipping, l.taxable])).toEqual([
      [false, true, true],
      [false, true, true],
      [false, true, true],
      [true, false, false],
    ]);
    expect(tables.movements.at(-1)).toEqual({
      reason: 'ORDER_COMMITTED',
      sku: 'SHIRT',
      location: 'Main warehouse',
      onHand: 0,
      committed: 1,
    });
    const [onHand, committed] = shirtBefore['Main warehouse']!.split('/').map(Number);
    expect((await committedOf(ctx.server, shirt))['Main warehouse']).toBe(`${onHand}/${committed! + 1}`);
    expect(tables.totalSpent).toBe(spentBefore + total - 12100);
    const entry = editedEntry(done.order);
    expect(entry.kind).toBe('ORDER_EDITED');
    expect(entry.message).toMatch(/^Edited by Store owner: /);
    expect(entry.message).toContain('added 1 × Product SHIRT at $30.00, added 1 × Gift wrap at $4.00');
    expect(entry.message).toContain('total $121.00 → $216.30');
    expect(entry.message).toContain('Product CARD: 1 → 3');
    expect(entry.message).toContain('Shipping Standard $5.00 → Courier $8.00');
    expect(entry.message).toMatch(/; reason: Customer added a shirt$/);

    // What is owed is collected by the existing markAsPaid.
    const paid = (await gql(owner, MARK_PAID, { id: placed.id })).orderMarkAsPaid;
    expect(paid.userErrors).toEqual([]);
    expect(paid.order).toMatchObject({ paymentStatus: 'PAID', totalPaid: { amount: dollars(total) } });
  });

  it('lowering a quantity releases its stock and shows a suggested refund, refunding nothing', async () => {
    const placed = await order([{ variantId: lamp, quantity: 3 }], { payment: { kind: 'SALE' } });
    // 120 + 5 shipping + 12.50 tax.
    expect(placed.total).toEqual({ amount: '137.50' });
    const spent = (await tablesOf(ctx.server, placed.id)).totalSpent!;
    const done = await edit(owner, placed, {
      setQuantities: [{ orderLineId: placed.lines[0].id, quantity: 1 }],
    });
    expect(done.userErrors).toEqual([]);
    expect(done.calculation).toMatchObject({
      total: { amount: '49.50' },
      outstanding: { amount: '0.00' },
      suggestedRefund: { amount: '88.00' },
      stockChanges: [{ sku: 'LAMP', location: { name: 'Main warehouse' }, quantity: -2 }],
    });
    expect(done.order).toMatchObject({ paymentStatus: 'PAID', totalPaid: { amount: '137.50' } });
    const tables = await tablesOf(ctx.server, placed.id);
    expect(tables.movements).toEqual([
      { reason: 'ORDER_COMMITTED', sku: 'LAMP', location: 'Main warehouse', onHand: 0, committed: 3 },
      { reason: 'ORDER_RELEASED', sku: 'LAMP', location: 'Main warehouse', onHand: 0, committed: -2 },
    ]);
    expect(tables.totalSpent).toBe(spent - 8800);
    const db = ctx.server.app.database.db;
    const refunds = await db
      .selectFrom('order_transactions')
      .select('kind')
      .where('order_id', '=', tables.order.id)
      .where('kind', '=', 'REFUND')
      .execute();
    expect(refunds).toEqual([]);
  });

  it('an authorization above the new total captures only the new total', async () => {
    const placed = await order([{ variantId: lamp, quantity: 2 }], { payment: { kind: 'AUTHORIZATION' } });
    expect(placed.total).toEqual({ amount: '93.50' });
    const done = await edit(owner, placed, {
      setQuantities: [{ orderLineId: placed.lines[0].id, quantity: 1 }],
    });
    expect(done.userErrors).toEqual([]);
    expect(done.calculation.totalCapturable).toEqual({ amount: '49.50' });
    expect(done.order).toMatchObject({ total: { amount: '49.50' }, totalCapturable: { amount: '49.50' } });
    const tooMuch = (await gql(owner, CAPTURE, { id: placed.id, amount: '93.50' })).orderCapture;
    expect(tooMuch.userErrors[0]).toMatchObject({ code: 'OUT_OF_RANGE' });
    const captured = (await gql(owner, CAPTURE, { id: placed.id })).orderCapture;
    expect(captured.userErrors).toEqual([]);
    expect(captured.order).toMatchObject({
      paymentStatus: 'PAID',
      totalPaid: { amount: '49.50' },
      totalCapturable: { amount: '0.00' },
    });
  });

  it('a new price with its reason: PRICE_CHANGED, the tax recomputed, the catalog price kept', async () => {
    const placed = await order([{ variantId: lamp, quantity: 2 }]);
    const done = await edit(owner, placed, {
      setPrices: [{ orderLineId: placed.lines[0].id, price: '35.00', reason: 'Scratched' }],
    });
    expect(done.userErrors).toEqual([]);
    expect(done.calculation.lines[0]).toMatchObject({
      change: 'PRICE_CHANGED',
      unitPrice: { amount: '35.00' },
      previousUnitPrice: { amount: '40.00' },
      tax: { amount: '7.00' },
    });
    expect(done.order.lines[0]).toMatchObject({
      unitPrice: { amount: '35.00' },
      originalUnitPrice: { amount: '40.00' },
      priceOverrideReason: 'Scratched',
      tax: { amount: '7.00' },
    });
    // 70 + 5 + 7.50 tax; nothing paid, so all of it is outstanding.
    expect(done.order).toMatchObject({ total: { amount: '82.50' }, outstanding: { amount: '82.50' } });
    expect(editedEntry(done.order).message).toContain('at $40.00 → $35.00 (Scratched)');
  });

  it('a percentage code recomputes over the new subtotal; a lost minimum needs a reason or removal', async () => {
    const code = await createDiscount(owner, { code: 'SAVE10', value: '10', minimumSubtotal: '100.00' });
    const placed = await order([{ variantId: lamp, quantity: 3 }], { discountCode: 'SAVE10' });
    expect(placed.total).toEqual({ amount: '124.30' }); // 120 − 12 + 5, tax 10.80 + 0.50
    const line = placed.lines[0].id;
    const more = await edit(owner, placed, { setQuantities: [{ orderLineId: line, quantity: 4 }] });
    expect(more.userErrors).toEqual([]);
    // 160 − 16 = 144, tax 14.40 + 0.50, shipping 5.
    expect(more.order).toMatchObject({
      discountTotal: { amount: '16.00' },
      total: { amount: '163.90' },
      discountCode: 'SAVE10',
    });
    const fewer = { setQuantities: [{ orderLineId: line, quantity: 2 }] };
    const preview = await calculate(owner, placed.id, fewer);
    expect(preview.calculation).toMatchObject({ discountMinimumNotMet: true, discountCode: 'SAVE10' });
    const refused = await edit(owner, more.order, fewer);
    expect(refused.userErrors).toEqual([
      {
        field: ['changes', 'discount'],
        code: 'DISCOUNT_NOT_APPLICABLE',
        message:
          'The code SAVE10 no longer applies to this order: Spend 20.00 more to use this code. Give a reason to keep it anyway, or remove the code.',
      },
    ]);
    const kept = await edit(owner, more.order, {
      ...fewer,
      discount: { code: 'SAVE10', minimumOverrideReason: 'Promised on the phone' },
    });
    expect(kept.userErrors).toEqual([]);
    expect(kept.order).toMatchObject({
      discountTotal: { amount: '8.00' },
      discountCode: 'SAVE10',
      total: { amount: '84.70' },
    });
    const removed = await edit(owner, kept.order, { discount: { code: null } });
    expect(removed.userErrors).toEqual([]);
    expect(removed.order).toMatchObject({
      discountTotal: { amount: '0.00' },
      discountCode: null,
      total: { amount: '93.50' },
    });
    expect(editedEntry(removed.order).message).toContain('discount code SAVE10 removed');
    // Usage counts don't change with edits.
    expect((await discountOf(owner, code.id)).usageCount).toBe(1);
  });

  it('a fixed code stays capped at the subtotal', async () => {
    await createDiscount(owner, { code: 'FIFTY', kind: 'FIXED_AMOUNT', value: '50.00' });
    const placed = await order([{ variantId: lamp, quantity: 2 }], { discountCode: 'FIFTY' });
    expect(placed.total).toEqual({ amount: '38.50' }); // 80 − 50 + 5, tax 3 + 0.50
    const done = await edit(owner, placed, {
      setQuantities: [{ orderLineId: placed.lines[0].id, quantity: 1 }],
    });
    expect(done.userErrors).toEqual([]);
    expect(done.order).toMatchObject({
      discountTotal: { amount: '40.00' },
      taxTotal: { amount: '0.50' },
      total: { amount: '5.50' },
    });
  });
});
