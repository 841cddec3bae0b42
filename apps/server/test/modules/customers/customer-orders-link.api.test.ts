import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';
import { COMPLETE_DRAFT, createDraft } from '../../support/draft-fixtures.js';
import { REFUND } from '../../support/refund-fixtures.js';

const CUSTOMER = `query($id: ID!) { customer(id: $id) {
  addresses { line1 city region postalCode countryCode firstName lastName }
  defaultAddress { line1 }
  events { action actorName changes { field after } }
  orderActivity { kind orderId orderName amount { amount currencyCode } createdAt }
} }`;

const MAIN_ST = {
  firstName: 'Rosa',
  lastName: 'Parks',
  line1: '100 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  countryCode: 'US',
};

/**
 * An order reaches its customer (issue #26 §1.5): the address it ships to is kept on the customer
 * (once), and the customer's timeline lists their orders and refunds.
 */
describe.each(DATABASES)('orders reaching their customer on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;
  let mug: string;

  it('sets up', async () => {
    ({ owner, lamp, mug } = await setUpActionStore(ctx.server, 20));
  });

  async function newCustomer(email: string): Promise<string> {
    const made = await gql(
      owner,
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } userErrors { message } } }`,
      { input: { email, firstName: 'Rosa', lastName: 'Parks' } },
    );
    expect(made.customerCreate.userErrors).toEqual([]);
    return made.customerCreate.customer.id;
  }
  const customer = async (id: string) => (await gql(owner, CUSTOMER, { id })).customer;

  it('keeps the address an order ships to on its customer, once; another address is added', async () => {
    const id = await newCustomer('rosa@example.com');
    expect((await customer(id)).addresses).toEqual([]);

    const first = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], {
      customerId: id,
      email: null,
      shippingAddress: MAIN_ST,
    });
    let c = await customer(id);
    expect(c.addresses).toEqual([{ ...MAIN_ST }]);
    expect(c.defaultAddress).toEqual({ line1: '100 Main St' });
    const added = c.events.filter((e: any) => e.action === 'customer.address_add');
    expect(added).toHaveLength(1);
    // Done by the staff member who placed the order.
    const placedBy = await gql(
      owner,
      `{ auditEvents(first: 20, subjectId: "${first.id}") { nodes { action actorName } } }`,
    );
    // (Its confirmation email's events are the system's.)
    const created = placedBy.auditEvents.nodes.find((e: any) => e.action === 'order.create');
    expect(added[0].actorName).toBe(created.actorName);
    expect(added[0].actorName).toBeTruthy();
    expect(added[0].changes).toContainEqual({ field: 'order', after: JSON.stringify(first.name) });

    // The same address written differently: trimmed and case-insensitive, so not again.
    await createOrder(owner, [{ variantId: mug, quantity: 1 }], {
      customerId: id,
      email: null,
      shippingAddress: {
        ...MAIN_ST,
        line1: '  100 MAIN st ',
        city: 'springfield',
        region: 'il',
        countryCode: 'us',
      },
    });
    c = await customer(id);
    expect(c.addresses).toHaveLength(1);
    expect(c.events.filter((e: any) => e.action === 'customer.address_add')).toHaveLength(1);

    // Another street is another address; the first stays the default.
    await createOrder(owner, [{ variantId: mug, quantity: 1 }], {
      customerId: id,
      email: null,
      shippingAddress: { ...MAIN_ST, line1: '7 Elm St' },
    });
    c = await customer(id);
    expect(c.addresses.map((a: any) => a.line1)).toEqual(['100 Main St', '7 Elm St']);
    expect(c.defaultAddress).toEqual({ line1: '100 Main St' });

    // An order without a shipping address adds nothing.
    await createOrder(owner, [{ variantId: mug, quantity: 1 }], {
      customerId: id,
      email: null,
      shippingAddress: null,
    });
    expect((await customer(id)).addresses).toHaveLength(2);
  });

  it('a completed draft keeps its shipping address on the customer chosen on it', async () => {
    const id = await newCustomer('draft-buyer@example.com');
    const draft = await createDraft(owner, {
      customerId: id,
      shippingAddress: MAIN_ST,
      lines: [{ variantId: lamp, quantity: 1 }],
    });
    expect((await customer(id)).addresses).toEqual([]);
    const done = (await gql(owner, COMPLETE_DRAFT, { id: draft.id })).draftOrderComplete;
    expect(done.userErrors).toEqual([]);
    const c = await customer(id);
    expect(c.addresses).toEqual([{ ...MAIN_ST }]);
    expect(c.defaultAddress).toEqual({ line1: '100 Main St' });
  });

  it("a customer found by the order's email gets the address too", async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }], {
      email: 'walk-in@example.com',
      shippingAddress: MAIN_ST,
    });
    const found = await gql(owner, `query($id: ID!) { order(id: $id) { customer { id } } }`, {
      id: order.id,
    });
    const c = await customer(found.order.customer.id);
    expect(c.addresses.map((a: any) => a.line1)).toEqual(['100 Main St']);
  });

  it("lists the customer's orders and refunds on their timeline, newest first", async () => {
    const id = await newCustomer('timeline@example.com');
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], {
      customerId: id,
      email: null,
      payment: { kind: 'SALE' },
    });
    const refund = (await gql(owner, REFUND, { input: { orderId: order.id, amount: '5.00' } })).orderRefund;
    expect(refund.userErrors).toEqual([]);
    const activity = (await customer(id)).orderActivity;
    expect(activity.map((a: any) => [a.kind, a.orderId, a.orderName, a.amount.amount])).toEqual([
      ['REFUND', order.id, order.name, '5.00'],
      ['ORDER_PLACED', order.id, order.name, order.total.amount],
    ]);
    expect(activity[0].amount.currencyCode).toBe('USD');
    // Another customer's timeline does not show them.
    expect((await customer(await newCustomer('other@example.com'))).orderActivity).toEqual([]);
  });
});
