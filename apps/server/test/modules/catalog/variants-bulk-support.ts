import { expect } from 'vitest';
import { sql } from 'kysely';
import { decodeIdOf } from '@stockroom/domain';
import { signedIn, type Client } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import type { TestServer } from '../../../src/testing.js';
import { insertStaff } from '../../../src/modules/staff/staff.repository.js';
import { hashPassword } from '../../../src/modules/staff/password.js';
import { uuidv7 } from '../../../src/lib/uuid.js';

/** Issue #34's bulk grid save, as the grid sends it. */
export const SAVE = `mutation($changes: [ProductVariantBulkChange!]!, $stock: [ProductVariantBulkStock!]!, $key: String!, $neg: Boolean) {
  productVariantsBulkUpdate(changes: $changes, stock: $stock, idempotencyKey: $key, allowNegativeStock: $neg) {
    updatedCount stockChangedCount auditEventId
    variants { id version sku price { amount } }
    errors { kind index variantId locationId column code message }
    userErrors { field code message } } }`;

export const REVERT = `mutation($id: ID!) { auditEventRevert(id: $id) { auditEventId userErrors { field code message } } }`;

export interface GridVariant {
  id: string;
  version: number;
  sku: string | null;
}

let keys = 0;
export const newKey = () => `bulk-${Date.now()}-${++keys}`;

export function save(
  client: Client,
  changes: unknown[],
  stock: unknown[] = [],
  opts: { key?: string; neg?: boolean } = {},
) {
  return client.request(SAVE, { changes, stock, key: opts.key ?? newKey(), neg: opts.neg ?? false });
}

/** A product with `count` variants (one option), priced 10, SKUs `${prefix}-1` …; answers its variants. */
export async function makeProduct(client: Client, prefix: string, count: number): Promise<GridVariant[]> {
  const values = Array.from({ length: count }, (_, i) => `V${i + 1}`);
  const made = await gql(
    client,
    `mutation($input: ProductInput!) { productCreate(input: $input) {
      product { variants { id version sku } } userErrors { field message } } }`,
    {
      input: {
        title: `Grid ${prefix}`,
        options: [{ name: 'Size', values }],
        variants: values.map((v, i) => ({ optionValues: [v], price: '10', sku: `${prefix}-${i + 1}` })),
      },
    },
  );
  expect(made.productCreate.userErrors).toEqual([]);
  return made.productCreate.product.variants;
}

/** The variants as they are now (their versions move with every save). */
export async function current(client: Client, ids: string[]): Promise<GridVariant[]> {
  const data = await gql(
    client,
    `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { id version sku } } }`,
    {
      ids,
    },
  );
  return data.nodes;
}

export async function currentMany(client: Client, ids: string[]): Promise<GridVariant[]> {
  const out: GridVariant[] = [];
  for (let i = 0; i < ids.length; i += 250) out.push(...(await current(client, ids.slice(i, i + 250))));
  return out;
}

export const uuid = (type: 'ProductVariant' | 'Location' | 'AuditEvent', id: string) => decodeIdOf(type, id)!;

/** The stored rows of these variants (API IDs), by API ID. */
export async function variantRows(server: TestServer, ids: string[]) {
  const { rows } = await sql<{
    id: string;
    price: string;
    sku: string | null;
    version: number;
    weight_grams: number | null;
  }>`
    select id, price::text, sku, version, weight_grams from product_variants
    where id = any(${ids.map((i) => uuid('ProductVariant', i))}::uuid[])`.execute(server.app.database.db);
  const byUuid = new Map(rows.map((r) => [r.id, r]));
  return new Map(ids.map((i) => [i, byUuid.get(uuid('ProductVariant', i))!]));
}

export async function onHandOf(server: TestServer, variantId: string, locationId: string): Promise<number> {
  const { rows } = await sql<{ on_hand: number }>`select on_hand from inventory_levels
    where variant_id = ${uuid('ProductVariant', variantId)} and location_id = ${uuid('Location', locationId)}`.execute(
    server.app.database.db,
  );
  return rows[0]?.on_hand ?? 0;
}

export async function movementsNoted(server: TestServer, note: string) {
  const { rows } = await sql<{
    variant_id: string;
    location_id: string;
    reason: string;
    on_hand_delta: number;
    on_hand_after: number;
  }>`select variant_id, location_id, reason, on_hand_delta, on_hand_after from inventory_movements
    where note = ${note} order by id`.execute(server.app.database.db);
  return rows;
}

export async function auditCount(server: TestServer, action: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from audit_events where action = ${action}`.execute(server.app.database.db);
  return Number(rows[0]!.n);
}

/** A staff member with a role of exactly these permissions. */
export async function withRole(server: TestServer, owner: Client, email: string, permissions: string[]) {
  const made = await gql(
    owner,
    `mutation($input: RoleInput!) { roleCreate(input: $input) { role { id } userErrors { message } } }`,
    { input: { name: `Role of ${email}`, permissions } },
  );
  expect(made.roleCreate.userErrors).toEqual([]);
  await insertStaff(
    server.app.database.db,
    {
      id: uuidv7(),
      email,
      name: email.split('@')[0]!,
      passwordHash: await hashPassword('a-long-password-42'),
      state: 'ACTIVE',
    },
    [decodeIdOf('Role', made.roleCreate.role.id)!],
  );
  return signedIn(server, email, 'a-long-password-42');
}
