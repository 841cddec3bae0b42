import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  CAPTURE,
  CLOSE,
  COMMENT,
  FULFILL,
  MARK_PAID,
  REOPEN,
  UPDATE,
  VOID,
  createOrder,
  gql,
  movementsOf,
  readOrder,
  refusedChange,
  stockOf,
  setUpActionStore,
} from '../../support/order-fixtures.js';

describe.each(DATABASES)('order actions on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let packer: Client; // fulfillment staff: ORDERS_WRITE without REFUNDS_WRITE
  let lamp: string;
  let mug: string;

  /** A command that must be refused; the order and the stock read the same before and after. */
  const refused = (query: string, variables: Record<string, unknown>, orderId: string, field: string) =>
    refusedChange(owner, query, variables, { orderId, field, variantIds: [lamp, mug] });

  it('sets up locations, products and stock', async () => {
    ({ owner, packer, lamp, mug } = await setUpActionStore(ctx.server, 50));
  });

  it('marks an unpaid order as paid, once', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 2 }]);
    expect(order).toMatchObject({ paymentStatus: 'PENDING', outstanding: { amount: '25.00' } });
    const paid = (await gql(owner, MARK_PAID, { id: order.id, reference: 'Bank transfer 42' }))
      .orderMarkAsPaid;
    expect(paid.userErrors).toEqual([]);
    expect(paid.order).toMatchObject({
      paymentStatus: 'PAID',
      totalPaid: { amount: '25.00' },
      outstanding: { amount: '0.00' },
      transactions: [{ kind: 'SALE', status: 'SUCCESS', amount: { amount: '25.00' } }],
    });
    expect(paid.order.availableActions).not.toContain('MARK_PAID');
    expect(await refused(MARK_PAID, { id: order.id }, order.id, 'orderMarkAsPaid')).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: 'This order is already paid.' },
    ]);
  });

  it('captures an authorization in parts, never beyond what is authorized', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }], {
      payment: { kind: 'AUTHORIZATION', reference: 'auth-1' },
    });
    expect(order).toMatchObject({ paymentStatus: 'AUTHORIZED', totalCapturable: { amount: '80.00' } });
    expect(await refused(MARK_PAID, { id: order.id }, order.id, 'orderMarkAsPaid')).toEqual([
      {
        field: null,
        code: 'INVALID_TRANSITION',
        message: 'This order has an authorized payment; capture it instead.',
      },
    ]);
    const part = (await gql(owner, CAPTURE, { id: order.id, amount: '30.00', key: 'cap-1' })).orderCapture;
    expect(part.userErrors).toEqual([]);
    expect(part.order).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      totalPaid: { amount: '30.00' },
      totalCapturable: { amount: '50.00' },
    });
    // The same key again is the same capture: answered as before, no money moves twice.
    const retried = (await gql(owner, CAPTURE, { id: order.id, amount: '30.00', key: 'cap-1' })).orderCapture;
    expect(retried.userErrors).toEqual([]);
    expect((await readOrder(owner, order.id)).totalPaid).toEqual({ amount: '30.00' });
    expect(
      await refused(CAPTURE, { id: order.id, amount: '31.00', key: 'cap-1' }, order.id, 'orderCapture'),
    ).toMatchObject([{ code: 'IDEMPOTENCY_KEY_REUSED' }]);
    expect(await refused(CAPTURE, { id: order.id, amount: '50.01' }, order.id, 'orderCapture')).toEqual([
      {
        field: ['amount'],
        code: 'OUT_OF_RANGE',
        message: 'At most 50.00 USD is authorized and not yet captured.',
      },
    ]);
    expect(await refused(CAPTURE, { id: order.id, amount: '1.234' }, order.id, 'orderCapture')).toEqual([
      { field: ['amount'], code: 'INVALID', message: 'Enter an amount like 12.50 in USD.' },
    ]);
    expect(await refused(CAPTURE, { id: order.id, amount: '0' }, order.id, 'orderCapture')).toEqual([
      { field: ['amount'], code: 'OUT_OF_RANGE', message: 'Capture more than 0.' },
    ]);
    const rest = (await gql(owner, CAPTURE, { id: order.id })).orderCapture;
    expect(rest.order).toMatchObject({
      paymentStatus: 'PAID',
      totalPaid: { amount: '80.00' },
      totalCapturable: { amount: '0.00' },
    });
    expect(rest.order.transactions.map((t: any) => `${t.kind} ${t.amount.amount}`)).toEqual([
      'AUTHORIZATION 80.00',
      'CAPTURE 30.00',
      'CAPTURE 50.00',
    ]);
    expect(await refused(CAPTURE, { id: order.id }, order.id, 'orderCapture')).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: 'Only an authorized payment can be captured.' },
    ]);
  });

  it('voids an authorization, which needs REFUNDS_WRITE', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }], {
      payment: { kind: 'AUTHORIZATION' },
    });
    const denied = await packer.request(VOID, { id: order.id });
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'REFUNDS_WRITE',
    });
    const voided = (await gql(owner, VOID, { id: order.id })).orderVoid;
    expect(voided.userErrors).toEqual([]);
    expect(voided.order).toMatchObject({ paymentStatus: 'VOIDED', totalCapturable: { amount: '0.00' } });
    expect(voided.order.transactions.map((t: any) => `${t.kind} ${t.amount.amount}`)).toEqual([
      'AUTHORIZATION 12.50',
      'VOID 12.50',
    ]);
    expect(await refused(VOID, { id: order.id }, order.id, 'orderVoid')).toEqual([
      {
        field: null,
        code: 'INVALID_TRANSITION',
        message: 'Only an authorization that nothing was captured from can be voided.',
      },
    ]);
    expect(await refused(CAPTURE, { id: order.id }, order.id, 'orderCapture')).toMatchObject([
      { code: 'INVALID_TRANSITION' },
    ]);
  });

  it('cancels: releases stock, voids the authorization, refunds only when asked', async () => {
    const lampBefore = await stockOf(owner, lamp);
    const authorized = await createOrder(owner, [{ variantId: lamp, quantity: 3 }], {
      payment: { kind: 'AUTHORIZATION' },
    });
    const cancelled = (await gql(packer, CANCEL, { id: authorized.id, reason: 'Customer asked' }))
      .orderCancel;
    expect(cancelled.userErrors).toEqual([]);
    expect(cancelled.order).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'VOIDED',
      cancelReason: 'Customer asked',
      outstanding: { amount: '0.00' },
    });
    expect(cancelled.order.availableActions).not.toContain('CANCEL');
    expect(cancelled.order.cancelledAt).toBeTruthy();
    expect(cancelled.order.transactions.map((t: any) => t.kind)).toEqual(['AUTHORIZATION', 'VOID']);
    expect(await stockOf(owner, lamp)).toEqual(lampBefore);
    expect((await movementsOf(owner, lamp)).at(-1)).toBe('ORDER_RELEASED Warehouse 0/-3');

    const customer = async (orderId: string) =>
      (
        await gql(owner, `query($id: ID!) { order(id: $id) { customer { totalSpent { amount } } } }`, {
          id: orderId,
        })
      ).order.customer.totalSpent.amount;
    const sold = await createOrder(owner, [{ variantId: mug, quantity: 2 }], { payment: { kind: 'SALE' } });
    const spent = await customer(sold.id);
    const denied = await packer.request(CANCEL, { id: sold.id, refund: true });
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'REFUNDS_WRITE',
    });
    expect((await readOrder(owner, sold.id)).status).toBe('OPEN');
    const refunded = (await gql(owner, CANCEL, { id: sold.id, refund: true })).orderCancel;
    expect(refunded.userErrors).toEqual([]);
    expect(refunded.order).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      totalRefunded: { amount: '25.00' },
      cancelReason: null,
    });
    expect(refunded.order.transactions.map((t: any) => `${t.kind} ${t.amount.amount}`)).toEqual([
      'SALE 25.00',
      'REFUND 25.00',
    ]);
    expect(Number(await customer(sold.id))).toBeCloseTo(Number(spent) - 25);

    const kept = await createOrder(owner, [{ variantId: mug, quantity: 1 }], { payment: { kind: 'SALE' } });
    const noRefund = (await gql(packer, CANCEL, { id: kept.id })).orderCancel;
    expect(noRefund.order).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'PAID',
      totalRefunded: { amount: '0.00' },
    });

    for (const [query, field, message] of [
      [CANCEL, 'orderCancel', 'This order is already cancelled.'],
      [REOPEN, 'orderReopen', "A cancelled order can't be reopened."],
      [FULFILL, 'orderFulfill', "A cancelled order can't be fulfilled."],
      [MARK_PAID, 'orderMarkAsPaid', "A cancelled order can't be marked as paid."],
    ] as const) {
      const variables = query === FULFILL ? { input: { orderId: authorized.id } } : { id: authorized.id };
      expect(await refused(query, variables, authorized.id, field)).toEqual([
        { field: null, code: 'INVALID_TRANSITION', message },
      ]);
    }
  });

  it('closes and reopens', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    const closed = (await gql(owner, CLOSE, { id: order.id })).orderClose;
    expect(closed.order).toMatchObject({ status: 'CLOSED' });
    expect(closed.order.closedAt).toBeTruthy();
    expect(closed.order.availableActions).toContain('REOPEN');
    expect(await refused(CLOSE, { id: order.id }, order.id, 'orderClose')).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: 'This order is already closed.' },
    ]);
    expect(await refused(FULFILL, { input: { orderId: order.id } }, order.id, 'orderFulfill')).toEqual([
      {
        field: null,
        code: 'INVALID_TRANSITION',
        message: "A closed order can't be fulfilled; reopen it first.",
      },
    ]);
    expect(await refused(CANCEL, { id: order.id }, order.id, 'orderCancel')).toEqual([
      {
        field: null,
        code: 'INVALID_TRANSITION',
        message: "A closed order can't be cancelled; reopen it first.",
      },
    ]);
    const reopened = (await gql(owner, REOPEN, { id: order.id })).orderReopen;
    expect(reopened.order).toMatchObject({ status: 'OPEN', closedAt: null });
    expect(await refused(REOPEN, { id: order.id }, order.id, 'orderReopen')).toEqual([
      { field: null, code: 'INVALID_TRANSITION', message: 'This order is already open.' },
    ]);
  });

  it('edits contact, addresses, tags and note, refusing a stale version', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    const edited = (
      await gql(owner, UPDATE, {
        id: order.id,
        input: {
          version: order.version,
          email: 'New.Buyer@Example.com',
          shippingAddress: { line1: '2 New Street', city: 'Dayton', postalCode: '45402', countryCode: 'us' },
          tags: [' gift ', 'Gift', 'vip'],
          note: '  Ring the bell  ',
        },
      })
    ).orderUpdate;
    expect(edited.userErrors).toEqual([]);
    expect(edited.order).toMatchObject({
      email: 'New.Buyer@Example.com',
      shippingAddress: { city: 'Dayton', line1: '2 New Street' },
      tags: ['gift', 'vip'],
      note: 'Ring the bell',
    });
    expect(edited.order.version).toBeGreaterThan(order.version);
    expect(
      await refused(
        UPDATE,
        { id: order.id, input: { version: order.version, note: 'x' } },
        order.id,
        'orderUpdate',
      ),
    ).toEqual([
      {
        field: ['input', 'version'],
        code: 'STALE_VERSION',
        message: 'Someone else changed this order since you opened it.',
      },
    ]);
    const invalid = await refused(
      UPDATE,
      {
        id: order.id,
        input: {
          email: 'nope',
          tags: Array.from({ length: 251 }, (_v, i) => `t${i}`),
          note: 'n'.repeat(5001),
        },
      },
      order.id,
      'orderUpdate',
    );
    expect(invalid.map((e: any) => [e.field.join('.'), e.code])).toEqual([
      ['input.email', 'INVALID'],
      ['input.note', 'TOO_LONG'],
      ['input.tags', 'LIMIT_EXCEEDED'],
    ]);
    const cleared = (await gql(owner, UPDATE, { id: order.id, input: { note: null, tags: [] } })).orderUpdate;
    expect(cleared.order).toMatchObject({ note: null, tags: [], email: 'New.Buyer@Example.com' });
  });

  it('adds comments of 1 to 5,000 characters', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }]);
    expect(await refused(COMMENT, { id: order.id, body: '   ' }, order.id, 'orderCommentAdd')).toEqual([
      { field: ['body'], code: 'REQUIRED', message: 'Write a comment first.' },
    ]);
    expect(
      await refused(COMMENT, { id: order.id, body: 'x'.repeat(5001) }, order.id, 'orderCommentAdd'),
    ).toEqual([{ field: ['body'], code: 'TOO_LONG', message: 'Use at most 5,000 characters.' }]);
    const added = (await gql(packer, COMMENT, { id: order.id, body: 'Customer called about gift wrap.' }))
      .orderCommentAdd;
    expect(added.userErrors).toEqual([]);
    const timeline = (
      await gql(owner, `query($id: ID!) { order(id: $id) { timeline { kind message actorName } } }`, {
        id: order.id,
      })
    ).order.timeline;
    expect(timeline[0]).toMatchObject({
      kind: 'COMMENT',
      message: 'Customer called about gift wrap.',
      actorName: 'Pat Packer',
    });
  });

  it('answers an unknown order as a userError', async () => {
    const data = await gql(owner, CLOSE, { id: 'ord_nope' });
    expect(data.orderClose.userErrors).toEqual([
      { field: ['id'], code: 'INVALID', message: 'This order does not exist.' },
    ]);
  });
});
