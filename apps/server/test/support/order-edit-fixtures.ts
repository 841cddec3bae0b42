import { sql } from 'kysely';
import { decodeIdOf } from '@stockroom/domain';
import type { Client } from '../helpers.js';
import type { TestServer } from '../../src/testing.js';
import { gql } from './order-fixtures.js';

/** Issue #32: what the order-edit tests ask and read back. */
export const CALC_FIELDS = `lines { orderLine { id } change productTitle variantTitle sku custom quantity previousQuantity
    unitPrice { amount } previousUnitPrice { amount } fulfilledQuantity
    subtotal { amount } discount { amount } tax { amount } total { amount } }
  subtotal { amount } discountTotal { amount } shippingTotal { amount } taxTotal { amount } total { amount }
  previousTotal { amount } shippingLine { name price { amount } tax { amount } } discountCode discountMinimumNotMet
  stockChanges { sku title location { name } quantity }
  totalPaid { amount } outstanding { amount } suggestedRefund { amount } totalCapturable { amount }`;

export const EDITED_ORDER = `id version status paymentStatus availableActions itemsCount discountCode
  subtotal { amount } discountTotal { amount } shippingTotal { amount } taxTotal { amount } total { amount }
  totalPaid { amount } outstanding { amount } totalCapturable { amount }
  shippingLine { name price { amount } tax { amount } }
  lines { id sku productTitle quantity fulfilledQuantity unitPrice { amount } originalUnitPrice { amount }
    priceOverrideReason discount { amount } tax { amount } total { amount } custom location { name } }
  timeline { kind message actorName }`;

export const CALCULATE = `query($orderId: ID!, $changes: OrderEditChangesInput!) {
  orderEditCalculate(orderId: $orderId, changes: $changes) { calculation { ${CALC_FIELDS} } userErrors { field code message } } }`;

export const EDIT = `mutation($input: OrderEditInput!) { orderEdit(input: $input) {
  order { ${EDITED_ORDER} } calculation { ${CALC_FIELDS} } userErrors { field code message } } }`;

export async function calculate(client: Client, orderId: string, changes: Record<string, unknown>) {
  return (await gql(client, CALCULATE, { orderId, changes })).orderEditCalculate;
}

export async function edit(
  client: Client,
  order: { id: string; version: number },
  changes: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return (
    await gql(client, EDIT, {
      input: {
        orderId: order.id,
        expectedVersion: order.version,
        changes,
        reason: 'Customer called',
        ...extra,
      },
    })
  ).orderEdit;
}

export async function versionOf(client: Client, orderId: string): Promise<number> {
  return (await gql(client, `query($id: ID!) { order(id: $id) { version } }`, { id: orderId })).order.version;
}

/** What the tables hold about an order: its stock movements, its row's money, its customer's spend. */
export async function tablesOf(server: TestServer, orderId: string) {
  const db = server.app.database.db;
  const id = decodeIdOf('Order', orderId)!;
  const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const movements = await db
    .selectFrom('inventory_movements as m')
    .innerJoin('product_variants as v', 'v.id', 'm.variant_id')
    .innerJoin('locations as l', 'l.id', 'm.location_id')
    .select(['m.reason', 'v.sku', 'l.name as location', 'm.on_hand_delta', 'm.committed_delta'])
    .where('m.order_id', '=', id)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  const customer = order.customer_id
    ? await db
        .selectFrom('customers')
        .select('total_spent')
        .where('id', '=', order.customer_id)
        .executeTakeFirst()
    : null;
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    order,
    lines,
    movements: movements.map((m) => ({
      reason: m.reason,
      sku: m.sku,
      location: m.location,
      onHand: Number(m.on_hand_delta),
      committed: Number(m.committed_delta),
    })),
    totalSpent: customer ? Number(customer.total_spent) : null,
  };
}

/** Committed units of a variant by location name, from inventory_levels. */
export async function committedOf(server: TestServer, variantId: string): Promise<Record<string, string>> {
  const db = server.app.database.db;
  const rows = await db
    .selectFrom('inventory_levels as il')
    .innerJoin('locations as l', 'l.id', 'il.location_id')
    .select(['l.name', 'il.on_hand', 'il.committed'])
    .where('il.variant_id', '=', decodeIdOf('ProductVariant', variantId)!)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, `${r.on_hand}/${r.committed}`]));
}

/** Row counts and versions a calculation must leave alone. */
export async function untouched(server: TestServer) {
  const db = server.app.database.db;
  // An order's emails record their outcome a moment later (issue #30): not this command's writes.
  const count = async (table: string) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} ${
          table === 'audit_events' ? sql`where action not like 'order.email%'` : sql``
        }`.execute(db)
      ).rows[0]!.n,
    );
  const tables = [
    'orders',
    'order_lines',
    'inventory_movements',
    'audit_events',
    'domain_events',
    'order_transactions',
    'idempotency_keys',
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
  const versions = (await db.selectFrom('orders').select(['id', 'version']).orderBy('id').execute()).map(
    (r) => `${r.id}:${r.version}`,
  );
  const levels = await db
    .selectFrom('inventory_levels')
    .select(['on_hand', 'committed'])
    .orderBy('id')
    .execute();
  const spent = await db.selectFrom('customers').select(['total_spent']).orderBy('id').execute();
  return { counts, versions, levels, spent };
}

/** "$12.50" minor units as the API's decimal. */
export const dollars = (minor: number) => (minor / 100).toFixed(2);

/** The newest ORDER_EDITED entry of an order's timeline (emails' entries arrive on their own time). */
export const editedEntry = (order: { timeline: { kind: string; message: string }[] }) =>
  order.timeline.find((e) => e.kind === 'ORDER_EDITED')!;
