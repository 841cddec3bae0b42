import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { fulfillAll, readRefundOrder, refundOrder } from '../../support/refund-fixtures.js';

const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100);

/**
 * Refunds under concurrency and over random orders (SPEC §4 "refunds never exceed what was
 * captured"). On PostgreSQL the requests really overlap; the order row lock must serialise them.
 */
describe.each(DATABASES)('refund races and property on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  const clients: Client[] = [];
  let warehouse: string;
  let variants: string[];

  it('sets up a store with tax', async () => {
    for (let i = 0; i < 10; i++) clients.push(await signedIn(ctx.server));
    const owner = clients[0]!;
    warehouse = await createLocation(owner, 'Warehouse');
    variants = [];
    for (const [i, price] of ['19.99', '7.35', '103.10', '0.99'].entries()) {
      variants.push(await createVariant(owner, { sku: `RR-${i}`, price, stock: { [warehouse]: 10_000 } }));
    }
    const tax = await gql(
      owner,
      `mutation { taxRateCreate(input: { countryCode: "US", name: "Sales tax", rate: "8.875" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
  });

  it('ten concurrent refunds of the full amount: exactly one succeeds', async () => {
    const owner = clients[0]!;
    const order = await createOrder(
      owner,
      [
        { variantId: variants[0]!, quantity: 3 },
        { variantId: variants[2]!, quantity: 1 },
      ],
      { payment: { kind: 'SALE' } },
    );
    const results = await Promise.all(
      clients.map((c) => refundOrder(c, { orderId: order.id, amount: order.totalPaid.amount })),
    );
    const ok = results.filter((r) => r.userErrors.length === 0);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.userErrors.length > 0)) {
      expect(r.userErrors[0]).toMatchObject({ code: 'REFUND_EXCEEDS_CAPTURED', field: ['input', 'amount'] });
    }
    const after = await readRefundOrder(owner, order.id);
    expect(after.totalRefunded).toEqual(after.totalPaid);
    expect(after.refunds).toHaveLength(1);
    expect(after.transactions.filter((t: any) => t.kind === 'REFUND')).toHaveLength(1);
  });

  it('concurrent refunds of the same unit: the unit is refunded once', async () => {
    const owner = clients[0]!;
    const order = await createOrder(owner, [{ variantId: variants[1]!, quantity: 1 }], {
      payment: { kind: 'SALE' },
    });
    await fulfillAll(owner, order.id);
    const lineId = order.lines[0].id;
    const results = await Promise.all(
      clients.map((c) =>
        refundOrder(c, { orderId: order.id, lines: [{ lineId, quantity: 1, restock: true }] }),
      ),
    );
    expect(results.filter((r) => r.userErrors.length === 0)).toHaveLength(1);
    const after = await readRefundOrder(owner, order.id);
    expect(after.lines[0].refundedQuantity).toBe(1);
    expect(after.totalRefunded).toEqual(after.totalPaid);
  });

  it('random orders and partial refunds: never more than captured, everything back to the cent', async () => {
    const owner = clients[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.boolean()), { maxLength: 5 }),
        async (picked, quantities, steps) => {
          const order = await createOrder(
            owner,
            picked.map((v) => ({ variantId: variants[v]!, quantity: quantities[v]! })),
            { payment: { kind: 'SALE' } },
          );
          if (steps.some(([, , ship]) => ship)) await fulfillAll(owner, order.id);
          const paid = cents(order.totalPaid);
          for (const [pick, units, restock] of steps) {
            const now = await readRefundOrder(owner, order.id);
            const line = now.lines[pick % now.lines.length];
            const left = line.quantity - line.refundedQuantity;
            if (left === 0) continue;
            const done = await refundOrder(owner, {
              orderId: order.id,
              lines: [
                {
                  lineId: line.id,
                  quantity: Math.min(units, left),
                  restock: restock && line.fulfilledQuantity > 0,
                },
              ],
            });
            expect(done.userErrors).toEqual([]);
            expect(cents(done.order.totalRefunded)).toBeLessThanOrEqual(paid);
          }
          // The rest of every line: all of it comes back, exactly.
          const now = await readRefundOrder(owner, order.id);
          const rest = now.lines
            .filter((l: any) => l.quantity > l.refundedQuantity)
            .map((l: any) => ({ lineId: l.id, quantity: l.quantity - l.refundedQuantity }));
          if (rest.length) {
            const done = await refundOrder(owner, { orderId: order.id, lines: rest });
            expect(done.userErrors).toEqual([]);
          }
          const after = await readRefundOrder(owner, order.id);
          expect(cents(after.totalRefunded)).toBe(paid);
          expect(after.paymentStatus).toBe('REFUNDED');
          const sum = after.refunds.reduce((a: number, r: any) => a + cents(r.amount), 0);
          expect(sum).toBe(paid);
        },
      ),
      { numRuns: 12 },
    );
  });
});
