import { decodeIdOf } from '@stockroom/domain';
import type { DB } from '../../src/db/database.js';
import type { TestServer } from '../../src/testing.js';
import { signedIn, type Client } from '../helpers.js';
import { createLocation, createVariant, gql } from './order-fixtures.js';

/** What the exchange tests (issue #31) send and read back. */
export const ORDER = `id name paymentStatus fulfillmentStatus itemsCount
  subtotal { amount } taxTotal { amount } total { amount } totalPaid { amount } totalRefunded { amount }
  outstanding { amount } exchangeCredit { amount }
  lines { id sku quantity fulfilledQuantity unitPrice { amount } tax { amount } originalUnitPrice { amount }
    priceOverrideReason location { name } }
  transactions { kind status amount { amount } }`;
export const EXCHANGE_RETURN = `id name status exchangeTotal { amount } exchangeCredit { amount } credit { amount }
  refund { amount { amount } } lines { id }
  exchangeLines { id sku quantity unitPrice { amount } tax { amount } location { name } }`;
export const CREATE = `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) {
  return { ${EXCHANGE_RETURN} } order { ${ORDER} } userErrors { field code message } } }`;
export const RECEIVE = `mutation($id: ID!, $lines: [ReturnReceiveLineInput!]!) {
  returnReceive(id: $id, lines: $lines) { return { status } userErrors { field code message } } }`;
export const SETTLE = `mutation($id: ID!) { returnSettle(id: $id) {
  return { ${EXCHANGE_RETURN} } order { ${ORDER} } userErrors { field code message } } }`;
export const CANCEL = `mutation($id: ID!) { returnCancel(id: $id) {
  return { ${EXCHANGE_RETURN} } order { ${ORDER} } userErrors { field code message } } }`;
export const SUGGESTED = `query($id: ID!) { return(id: $id) { suggestedSettlement {
  credit { amount } fees { amount } newItemsTotal { amount } newItemsTax { amount } difference { amount }
  owed { amount } refund { amount } exchangeCredit { amount } } } }`;
export const READ = `query($id: ID!) { order(id: $id) { ${ORDER} timeline { message } } }`;
export const FULFILL = `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) {
  order { fulfillmentStatus } userErrors { field code message } } }`;

/** Tax as a line gets it at 8.875 %, worked out here independently: half up, on the minor units. */
export const tax8875 = (minor: number) => Math.floor((minor * 8875) / 100_000 + 0.5);
export const dollars = (minor: number) => (minor / 100).toFixed(2);

/** Two locations and four tees that exchanges take from: L only at the shop, RARE out of stock. */
export async function setUpExchangeStore(server: TestServer) {
  const owner = await signedIn(server);
  const warehouse = await createLocation(owner, 'Warehouse');
  const shop = await createLocation(owner, 'Shop');
  const teeM = await createVariant(owner, { sku: 'XCH-TEE-M', price: '40.00', stock: { [warehouse]: 20 } });
  // L is only at the shop: the warehouse comes first, so committing it there shows the priority walk.
  const teeL = await createVariant(owner, { sku: 'XCH-TEE-L', price: '45.00', stock: { [shop]: 5 } });
  const teeS = await createVariant(owner, { sku: 'XCH-TEE-S', price: '20.00', stock: { [warehouse]: 5 } });
  const rare = await createVariant(owner, { sku: 'XCH-RARE', price: '30.00', stock: { [warehouse]: 0 } });
  return { owner, warehouse, shop, teeM, teeL, teeS, rare };
}

/**
 * What the exchange tests read and do, on the server's database and as `owner()`: a level, an
 * order's movements of a variant, its returns, the order, and a return of one unit exchanged.
 */
export function exchangeTools(db: () => DB, owner: () => Client) {
  const orderId = (id: string) => decodeIdOf('Order', id)!;
  return {
    orderId,
    level: async (variantId: string, locationId: string) =>
      db()
        .selectFrom('inventory_levels')
        .select(['on_hand', 'committed'])
        .where('variant_id', '=', decodeIdOf('ProductVariant', variantId)!)
        .where('location_id', '=', decodeIdOf('Location', locationId)!)
        .executeTakeFirst(),
    movements: async (order: string, variantId: string) =>
      db()
        .selectFrom('inventory_movements')
        .select(['reason', 'location_id', 'on_hand_delta', 'committed_delta', 'note'])
        .where('order_id', '=', orderId(order))
        .where('variant_id', '=', decodeIdOf('ProductVariant', variantId)!)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    returnCount: async (order: string) =>
      (await db().selectFrom('returns').select('id').where('order_id', '=', orderId(order)).execute()).length,
    readOrder: async (id: string) => (await gql(owner(), READ, { id })).order,
    exchange: (order: { id: string; lineId: string }, exchangeLines: unknown[]) =>
      gql(owner(), CREATE, {
        input: {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'SIZE_TOO_SMALL' }],
          exchangeLines,
        },
      }).then((d) => d.returnCreate),
  };
}
