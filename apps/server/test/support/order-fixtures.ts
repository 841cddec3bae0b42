import { expect } from 'vitest';
import { signedIn, type Client } from '../helpers.js';
import type { TestServer } from '../../src/testing.js';

/** What the order-action tests read back after each command, to compare before and after. */
export const ORDER_FIELDS = `id name status paymentStatus fulfillmentStatus availableActions version
  totalPaid { amount } totalRefunded { amount } outstanding { amount } totalCapturable { amount } total { amount }
  cancelledAt cancelReason closedAt tags note email shippingAddress { city line1 }
  lines { id sku quantity fulfilledQuantity unfulfilledQuantity location { name } }
  transactions { kind status amount { amount } }
  fulfillments { id name status location { name } carrier trackingNumber trackingUrl lines { quantity line { sku } } }`;

export const ORDER_PAYLOAD = `order { ${ORDER_FIELDS} } userErrors { field code message }`;

/** The action mutations, each answering the order as ORDER_FIELDS reads it. */
export const MARK_PAID = `mutation($id: ID!, $reference: String) { orderMarkAsPaid(id: $id, reference: $reference) { ${ORDER_PAYLOAD} } }`;
export const CAPTURE = `mutation($id: ID!, $amount: String, $key: String) { orderCapture(id: $id, amount: $amount, idempotencyKey: $key) { ${ORDER_PAYLOAD} } }`;
export const VOID = `mutation($id: ID!) { orderVoid(id: $id) { ${ORDER_PAYLOAD} } }`;
export const FULFILL = `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) {
  ${ORDER_PAYLOAD} fulfillment { id name status location { name } trackingUrl } } }`;
export const FULFILLMENT_CANCEL = `mutation($id: ID!) { fulfillmentCancel(id: $id) { ${ORDER_PAYLOAD} } }`;
export const CANCEL = `mutation($id: ID!, $reason: String, $refund: Boolean) { orderCancel(id: $id, reason: $reason, refund: $refund) { ${ORDER_PAYLOAD} } }`;
export const CLOSE = `mutation($id: ID!) { orderClose(id: $id) { ${ORDER_PAYLOAD} } }`;
export const REOPEN = `mutation($id: ID!) { orderReopen(id: $id) { ${ORDER_PAYLOAD} } }`;
export const UPDATE = `mutation($id: ID!, $input: OrderUpdateInput!) { orderUpdate(id: $id, input: $input) { ${ORDER_PAYLOAD} } }`;
export const COMMENT = `mutation($id: ID!, $body: String!) { orderCommentAdd(id: $id, body: $body) { ${ORDER_PAYLOAD} } }`;

/**
 * A timeline without its email entries (issue #30: each message is recorded, and its outcome arrives
 * from its job a moment later), for tests about the other entries.
 */
export function withoutEmails<T extends { message: string }>(timeline: T[]): T[] {
  return timeline.filter(
    (e) => !/ email (queued for|sent to|could not be sent to|kept, not sent) /.test(e.message),
  );
}

/** The data of a request that must not fail at the top level. */
export async function gql<T = any>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const res = await client.request<T>(query, variables);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as any;
}

export async function createLocation(client: Client, name: string): Promise<string> {
  const data = await gql(
    client,
    `mutation($input: LocationInput!) { locationCreate(input: $input) { location { id } userErrors { message } } }`,
    { input: { name, address: { city: 'Columbus', countryCode: 'US' } } },
  );
  expect(data.locationCreate.userErrors).toEqual([]);
  return data.locationCreate.location.id;
}

/** An active product with one variant; its stock per location id (tracked unless `untracked`). */
export async function createVariant(
  client: Client,
  opts: {
    sku: string;
    price: string;
    stock?: Record<string, number>;
    untracked?: boolean;
    backorder?: boolean;
  },
): Promise<string> {
  const data = await gql(
    client,
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
    {
      input: {
        title: `Product ${opts.sku}`,
        status: 'ACTIVE',
        variants: [
          {
            sku: opts.sku,
            price: opts.price,
            trackInventory: !opts.untracked,
            allowBackorder: Boolean(opts.backorder),
          },
        ],
      },
    },
  );
  expect(data.productCreate.userErrors).toEqual([]);
  const variantId = data.productCreate.product.variants[0].id;
  const changes = Object.entries(opts.stock ?? {}).map(([locationId, delta]) => ({
    variantId,
    locationId,
    delta,
  }));
  if (changes.length) {
    const adjusted = await gql(
      client,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes } },
    );
    expect(adjusted.inventoryAdjust.userErrors).toEqual([]);
  }
  return variantId;
}

export async function createOrder(
  client: Client,
  lines: { variantId: string; quantity: number }[],
  extra: Record<string, unknown> = {},
): Promise<any> {
  const data = await gql(
    client,
    `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { ${ORDER_PAYLOAD} } }`,
    {
      input: {
        lines,
        email: 'buyer@example.com',
        shippingAddress: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          line1: '1 Analytical Way',
          city: 'Columbus',
          postalCode: '43004',
          countryCode: 'US',
        },
        ...extra,
      },
    },
  );
  expect(data.orderCreate.userErrors).toEqual([]);
  return data.orderCreate.order;
}

export async function readOrder(client: Client, id: string): Promise<any> {
  return (await gql(client, `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, { id })).order;
}

/** Stock of a variant as "location: onHand/committed", by location name. */
export async function stockOf(client: Client, variantId: string): Promise<Record<string, string>> {
  const data = await gql(
    client,
    `query($id: ID!) { node(id: $id) { ... on ProductVariant { inventoryLevels { onHand committed location { name } } } } }`,
    { id: variantId },
  );
  return Object.fromEntries(
    data.node.inventoryLevels.map((l: any) => [l.location.name, `${l.onHand}/${l.committed}`]),
  );
}

/** Reasons of a variant's stock movements, oldest first. */
export async function movementsOf(client: Client, variantId: string): Promise<string[]> {
  const data = await gql(
    client,
    `query($v: ID!) { inventoryMovements(variantId: $v, first: 100) { nodes { reason onHandDelta committedDelta location { name } } } }`,
    { v: variantId },
  );
  return data.inventoryMovements.nodes
    .map((m: any) => `${m.reason} ${m.location.name} ${m.onHandDelta}/${m.committedDelta}`)
    .reverse();
}

/**
 * Runs a command that must be refused and checks it changed nothing: the order and the stock of
 * these variants read the same before and after. Returns the payload's userErrors.
 */
export async function refusedChange(
  client: Client,
  query: string,
  variables: Record<string, unknown>,
  watch: { orderId: string; field: string; variantIds: string[] },
): Promise<any[]> {
  const snapshot = async () => ({
    order: await readOrder(client, watch.orderId),
    stock: await Promise.all(watch.variantIds.map((v) => stockOf(client, v))),
  });
  const before = await snapshot();
  const data = await gql(client, query, variables);
  expect(await snapshot()).toEqual(before);
  return data[watch.field].userErrors;
}

export interface ActionStore {
  owner: Client;
  /** Fulfillment staff: ORDERS_WRITE without REFUNDS_WRITE. */
  packer: Client;
  warehouse: string;
  shop: string;
  /** 10 at the warehouse, 3 at the shop. */
  lamp: string;
  /** `mugStock` at the warehouse only. */
  mug: string;
}

/** The store the order-command tests act in: two locations, two stocked variants, an owner and a packer. */
export async function setUpActionStore(server: TestServer, mugStock: number): Promise<ActionStore> {
  const owner = await signedIn(server);
  await server.createStaff({
    email: 'packer@example.com',
    name: 'Pat Packer',
    password: 'packing-tape-roll-77',
    roleKeys: ['fulfillment'],
  });
  const packer = await signedIn(server, 'packer@example.com', 'packing-tape-roll-77');
  const warehouse = await createLocation(owner, 'Warehouse');
  const shop = await createLocation(owner, 'Shop');
  const lamp = await createVariant(owner, {
    sku: 'ACT-LAMP',
    price: '40.00',
    stock: { [warehouse]: 10, [shop]: 3 },
  });
  const mug = await createVariant(owner, {
    sku: 'ACT-MUG',
    price: '12.50',
    stock: { [warehouse]: mugStock },
  });
  return { owner, packer, warehouse, shop, lamp, mug };
}
