import { sql } from 'kysely';
import type { Tx } from '../db/database.js';

/**
 * Bulk inserts for the orders seed: one statement per few thousand rows, each column sent as one
 * array and spread back into rows by `unnest`, so a statement has a dozen parameters instead of tens
 * of thousands, and the server parses one small statement per chunk (the same on PGlite).
 */
const ROWS_PER_STATEMENT = 2_000;

/** Column → element type. `text[]` columns travel as array literals, since unnest flattens nested arrays. */
const COLUMNS = {
  orders: {
    id: 'uuid',
    number: 'int8',
    status: 'text',
    payment_status: 'text',
    fulfillment_status: 'text',
    customer_id: 'uuid',
    email: 'text',
    phone: 'text',
    currency_code: 'text',
    subtotal: 'int8',
    shipping_total: 'int8',
    tax_total: 'int8',
    discount_total: 'int8',
    total: 'int8',
    total_paid: 'int8',
    total_refunded: 'int8',
    shipping_address: 'jsonb',
    billing_address: 'jsonb',
    source: 'text',
    idempotency_key: 'text',
    note: 'text',
    tags: 'text[]',
    cancelled_at: 'timestamptz',
    cancel_reason: 'text',
    closed_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    version: 'int4',
    customer_name: 'text',
    shipping_rate_id: 'uuid',
    shipping_name: 'text',
    shipping_price: 'int8',
    shipping_tax: 'int8',
    discount_code: 'text',
    items_count: 'int4',
    prices_include_tax: 'bool',
    created_by: 'uuid',
  },
  order_lines: {
    id: 'uuid',
    order_id: 'uuid',
    product_id: 'uuid',
    variant_id: 'uuid',
    product_title: 'text',
    variant_title: 'text',
    sku: 'text',
    unit_price: 'int8',
    quantity: 'int4',
    discount: 'int8',
    tax: 'int8',
    fulfilled_quantity: 'int4',
    refunded_quantity: 'int4',
    position: 'int4',
    location_id: 'uuid',
    taxable: 'bool',
  },
  order_transactions: {
    id: 'uuid',
    order_id: 'uuid',
    kind: 'text',
    status: 'text',
    amount: 'int8',
    gateway: 'text',
    reference: 'text',
    parent_id: 'uuid',
    staff_id: 'uuid',
    actor_name: 'text',
    created_at: 'timestamptz',
  },
  fulfillments: {
    id: 'uuid',
    order_id: 'uuid',
    position: 'int4',
    location_id: 'uuid',
    status: 'text',
    carrier: 'text',
    tracking_number: 'text',
    tracking_url: 'text',
    staff_id: 'uuid',
    created_at: 'timestamptz',
    cancelled_at: 'timestamptz',
  },
  fulfillment_lines: { fulfillment_id: 'uuid', order_line_id: 'uuid', quantity: 'int4' },
  inventory_movements: {
    id: 'uuid',
    variant_id: 'uuid',
    location_id: 'uuid',
    on_hand_delta: 'int4',
    committed_delta: 'int4',
    on_hand_after: 'int4',
    committed_after: 'int4',
    reason: 'text',
    note: 'text',
    staff_id: 'uuid',
    staff_name: 'text',
    transfer_id: 'uuid',
    order_id: 'uuid',
    created_at: 'timestamptz',
  },
} as const;

export type BulkTable = keyof typeof COLUMNS;

const arrayLiteral = (items: readonly string[]) =>
  `{${items.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

function cell(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'text[]') return arrayLiteral(value as string[]);
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Inserts rows (objects keyed by column; missing keys are null) into one of the seeded tables. */
export async function insertRows(trx: Tx, table: BulkTable, rows: readonly object[]): Promise<void> {
  const columns = Object.entries(COLUMNS[table]) as [string, string][];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    const arrays = columns.map(
      ([name, type]) =>
        sql`${chunk.map((r) => cell(type, r[name]))}::${sql.raw(type === 'text[]' ? 'text' : type)}[]`,
    );
    const selected = columns.map(([name, type]) =>
      type === 'text[]' ? sql`${sql.ref(`x.${name}`)}::text[]` : sql.ref(`x.${name}`),
    );
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))})
      select ${sql.join(selected)}
      from unnest(${sql.join(arrays)}) as x(${sql.join(columns.map(([name]) => sql.ref(name)))})`.execute(
      trx,
    );
  }
}
