import { describe, expect, it } from 'vitest';
import { DATABASES, useServer } from '../../helpers.js';
import { createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';
import { fulfillAll, refundOk } from '../../support/refund-fixtures.js';

const REFUND_EVENTS = `query($subject: ID!) { auditEvents(first: 10, subjectId: $subject, action: "order.refund") {
  nodes { changes { field before after } } } }`;

/**
 * Issue #26: a refund's event says where each restocked line went and records only what changed,
 * and the order's timeline reads it as a sentence, not JSON.
 */
describe.each(DATABASES)('refunds in the audit log and the timeline on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('names the restock location, leaves an unchanged status out, and reads as words', async () => {
    const { owner, warehouse, shop, lamp } = await setUpActionStore(ctx.server, 50);
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 3 }], { payment: { kind: 'SALE' } });
    await fulfillAll(owner, order.id);
    const line = order.lines[0].id as string;
    const title = 'Product ACT-LAMP';

    // The first refund restocks where the unit shipped from, the second to another location, the third not at all.
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: line, quantity: 1, restock: true }] });
    await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: line, quantity: 1, restock: true, locationId: shop }],
      reason: 'Damaged in transit',
    });
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: line, quantity: 1 }] });

    const events = (await gql(owner, REFUND_EVENTS, { subject: order.id })).auditEvents.nodes as {
      changes: { field: string; before: string | null; after: string | null }[];
    }[];
    expect(events).toHaveLength(3);
    const [third, second, first] = events.map((e) => Object.fromEntries(e.changes.map((c) => [c.field, c])));
    const warehouseName = (
      await gql(owner, `query($id: ID!) { node(id: $id) { ... on Location { name } } }`, { id: warehouse })
    ).node.name;
    expect(JSON.parse(first!.lines!.after!)).toEqual([
      { sku: 'ACT-LAMP', title, quantity: 1, restock: true, restocked: 1, location: warehouseName },
    ]);
    expect(JSON.parse(second!.lines!.after!)).toEqual([
      { sku: 'ACT-LAMP', title, quantity: 1, restock: true, restocked: 1, location: 'Shop' },
    ]);
    expect(JSON.parse(third!.lines!.after!)).toEqual([
      { sku: 'ACT-LAMP', title, quantity: 1, restock: false, restocked: 0 },
    ]);
    // PAID → PARTIALLY_REFUNDED is a change; PARTIALLY_REFUNDED → PARTIALLY_REFUNDED is not recorded.
    expect(first!.payment_status).toEqual({
      field: 'payment_status',
      before: '"PAID"',
      after: '"PARTIALLY_REFUNDED"',
    });
    expect(second!.payment_status).toBeUndefined();
    expect(third!.payment_status).toEqual({
      field: 'payment_status',
      before: '"PARTIALLY_REFUNDED"',
      after: '"REFUNDED"',
    });

    const timeline = (
      await gql(owner, `query($id: ID!) { order(id: $id) { timeline(first: 20) { kind message } } }`, {
        id: order.id,
      })
    ).order.timeline as { kind: string; message: string }[];
    const refunds = timeline.filter((e) => e.message.startsWith('Refunded')).map((e) => e.message);
    expect(refunds).toEqual([
      `Refunded $40.00: 1 × ${title}`,
      `Refunded $40.00: 1 × ${title}, restocked at Shop. Reason: Damaged in transit`,
      `Refunded $40.00: 1 × ${title}, restocked at ${warehouseName}`,
    ]);
    expect(timeline.some((e) => /[{[]"/.test(e.message))).toBe(false);
  });
});
