import { sql } from 'kysely';
import { encodeId } from '@stockroom/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client, type GqlResponse } from '../helpers.js';

/**
 * Keyset paging visits every row exactly once, whatever the sort: ties (one bulk statement stamps
 * hundreds of rows with the same microsecond now()), case and accents that JavaScript and
 * PostgreSQL lower-case differently, rows without a price, forward and backward, either direction.
 */

const PAGE = 7;

// Ties on purpose: a few titles, each many times, some only in case or accent apart.
const TITLES = [
  'Émile',
  'émile',
  'ÉMILE',
  'Apple',
  'apple',
  'Ölkanne',
  'İstanbul',
  'Straße',
  'STRASSE',
  'zebra',
  'Zebra',
  'Ångström',
];

type Walk = { ids: string[]; pages: number };

interface ListSpec {
  field: string;
  sortType: string;
  /** More arguments, e.g. a search that keeps to the rows this test made. */
  args: string;
}

/** Pages through a whole list, `first`/`after` forward or `last`/`before` backward; the ids in list order. */
async function walk(
  client: Client,
  list: ListSpec,
  sort: string,
  reverse: boolean,
  backward: boolean,
): Promise<Walk> {
  const query = `query($sort: ${list.sortType}, $reverse: Boolean, $first: Int, $after: String, $last: Int, $before: String) {
    list: ${list.field}(sortKey: $sort, reverse: $reverse, first: $first, after: $after, last: $last, before: $before${list.args}) {
      nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages < 200; pages++) {
    const page: Record<string, unknown> = backward
      ? { last: PAGE, before: cursor }
      : { first: PAGE, after: cursor };
    const res: GqlResponse = await client.request(query, { sort, reverse, ...page });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const found: any = res.body.data!['list'];
    const got = found.nodes.map((n: { id: string }) => n.id);
    expect(got.length).toBeLessThanOrEqual(PAGE);
    if (backward) {
      ids.unshift(...got);
      if (!found.pageInfo.hasPreviousPage) return { ids, pages };
      cursor = found.pageInfo.startCursor;
    } else {
      ids.push(...got);
      if (!found.pageInfo.hasNextPage) return { ids, pages };
      cursor = found.pageInfo.endCursor;
    }
  }
  throw new Error('paging never ended');
}

/** Walks every sort key both ways, in both directions; each walk sees every id exactly once, in one order. */
async function walkAll(client: Client, list: ListSpec, sortKeys: string[], expected: string[]) {
  for (const sort of sortKeys) {
    for (const reverse of [false, true]) {
      const label = `${list.field} ${sort} reverse=${reverse}`;
      const forward = await walk(client, list, sort, reverse, false);
      expect(forward.ids.length, `${label} forward`).toBe(expected.length);
      expect(new Set(forward.ids).size, `${label} forward`).toBe(expected.length);
      expect([...forward.ids].sort(), `${label} forward`).toEqual([...expected].sort());
      // Every page but the last is full.
      expect(forward.pages, `${label} forward`).toBe(Math.ceil(expected.length / PAGE));
      const backward = await walk(client, list, sort, reverse, true);
      expect(backward.ids, `${label} backward`).toEqual(forward.ids);
      expect(backward.pages, `${label} backward`).toBe(Math.ceil(expected.length / PAGE));
    }
  }
}

function cursorOf(value: unknown, id: unknown = '0190a5c8-0000-7000-8000-000000000000'): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

describe.each(DATABASES)('keyset paging on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let productIds: string[] = [];
  let customerIds: string[] = [];
  let levelIds: string[] = [];
  let movementIds: string[] = [];

  beforeAll(async () => {
    const db = ctx.server.app.database.db;
    const titles = sql.raw(`array[${TITLES.map((t) => `'${t}'`).join(', ')}]`);
    // One statement each: every row gets the same created_at, to the microsecond.
    // Vendors and types repeat and are sometimes missing, variant counts repeat: ties and nulls for every key.
    await sql`insert into products (id, title, handle, status, tags, tag_keys, vendor, product_type, min_price, max_price, variant_count)
      select gen_random_uuid(), (${titles})[1 + i % ${TITLES.length}], 'paging-' || i, 'ACTIVE', '{Paging}', '{paging}',
        case when i % 7 = 0 then null else 'Pagingco ' || (i % 4) end, case when i % 5 = 0 then null else 'Type ' || (i % 3) end,
        case when i % 9 = 0 then null else (i % 5) * 100 end, case when i % 9 = 0 then null else (i % 5) * 100 end, i % 3
      from generate_series(1, 300) as i`.execute(db);
    // A bulk edit: one now() for all 300.
    await sql`update products set updated_at = now(), version = version + 1 where tag_keys @> '{paging}'`.execute(
      db,
    );
    productIds = (
      await sql<{ id: string }>`select id from products where tag_keys @> '{paging}'`.execute(db)
    ).rows.map((r) => encodeId('Product', r.id));

    await sql`insert into customers (id, email, first_name, last_name, tags, tag_keys, orders_count, total_spent, last_order_at)
      select gen_random_uuid(), 'paging-' || i || '@example.com', (${titles})[1 + i % 5], (${titles})[1 + i % ${TITLES.length}],
        '{Paging}', '{paging}', i % 4, (i % 6) * 1000,
        case when i % 4 = 0 then null else now() - (i % 3) * interval '1 day' end
      from generate_series(1, 150) as i`.execute(db);
    await sql`update customers set updated_at = now() where tag_keys @> '{paging}'`.execute(db);
    customerIds = (
      await sql<{ id: string }>`select id from customers where tag_keys @> '{paging}'`.execute(db)
    ).rows.map((r) => encodeId('Customer', r.id));

    await sql`insert into locations (id, name, fulfillment_priority)
      select gen_random_uuid(), 'Paging ' || i, 100 + i from generate_series(1, 3) as i`.execute(db);
    await sql`insert into product_variants (id, product_id, title, sku, price, position)
      select gen_random_uuid(), p.id, 'Default', case when row_number() over (order by p.id) % 4 = 0 then null else 'PG-' || (row_number() over (order by p.id) % 7) || '-' || p.handle end, 100, 0
      from (select id, handle from products where tag_keys @> '{paging}' order by handle limit 40) p`.execute(
      db,
    );
    await sql`insert into inventory_levels (variant_id, location_id, on_hand)
      select v.id, loc.id, (row_number() over (order by v.id, loc.id))::int % 5
      from product_variants v join products p on p.id = v.product_id cross join locations loc
      where p.tag_keys @> '{paging}' and loc.name like 'Paging %'`.execute(db);
    await sql`update inventory_levels set updated_at = now()`.execute(db);
    levelIds = (
      await sql<{
        id: string;
      }>`select l.id from inventory_levels l join product_variants v on v.id = l.variant_id where v.track_inventory`.execute(
        db,
      )
    ).rows.map((r) => encodeId('InventoryLevel', r.id));

    await sql`insert into inventory_movements (id, variant_id, location_id, on_hand_delta, on_hand_after, committed_after, reason)
      select gen_random_uuid(), l.variant_id, l.location_id, 1, 1, 0, 'CORRECTION' from inventory_levels l`.execute(
      db,
    );
    movementIds = (await sql<{ id: string }>`select id from inventory_movements`.execute(db)).rows.map((r) =>
      encodeId('InventoryMovement', r.id),
    );
  });

  it('visits each of 300 products bulk-edited in one statement exactly once, by every sort key, both ways', async () => {
    const client = await signedIn(ctx.server);
    expect(productIds).toHaveLength(300);
    await walkAll(
      client,
      { field: 'products', sortType: 'ProductSortKeys', args: ', query: "tag:paging"' },
      ['CREATED_AT', 'UPDATED_AT', 'TITLE', 'PRICE', 'VENDOR', 'PRODUCT_TYPE', 'VARIANT_COUNT'],
      productIds,
    );
  });

  it('visits each customer exactly once, by every sort key, both ways', async () => {
    const client = await signedIn(ctx.server);
    await walkAll(
      client,
      { field: 'customers', sortType: 'CustomerSortKeys', args: ', query: "tag:paging"' },
      ['CREATED_AT', 'UPDATED_AT', 'NAME', 'TOTAL_SPENT', 'ORDERS_COUNT', 'LAST_ORDER'],
      customerIds,
    );
  });

  it('visits each stock level and movement exactly once', async () => {
    const client = await signedIn(ctx.server);
    expect(levelIds.length).toBe(120);
    await walkAll(
      client,
      { field: 'inventoryLevels', sortType: 'InventoryLevelSortKeys', args: '' },
      ['PRODUCT_TITLE', 'SKU', 'AVAILABLE', 'UPDATED_AT'],
      levelIds,
    );
    // Movements have one order (newest first); the sort arguments are not theirs.
    const query = (page: string) =>
      `{ inventoryMovements(${page}) { nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const res: GqlResponse = await client.request(
        query(after ? `first: ${PAGE}, after: ${JSON.stringify(after)}` : `first: ${PAGE}`),
      );
      expect(res.body.errors).toBeUndefined();
      const list: any = res.body.data!['inventoryMovements'];
      seen.push(...list.nodes.map((n: { id: string }) => n.id));
      if (!list.pageInfo.hasNextPage) break;
      after = list.pageInfo.endCursor;
    }
    expect(seen.length).toBe(movementIds.length);
    expect([...seen].sort()).toEqual([...movementIds].sort());
  });

  it('answers a forged or garbled cursor with BAD_REQUEST and plain words, never an internal error', async () => {
    const client = await signedIn(ctx.server);
    const forged: [string, string, string][] = [
      ['products', 'UPDATED_AT', 'not a cursor at all!'],
      ['products', 'UPDATED_AT', Buffer.from('{"a":1}').toString('base64url')],
      ['products', 'UPDATED_AT', Buffer.from('[1,2,3]').toString('base64url')],
      ['products', 'UPDATED_AT', Buffer.from('["2026-11-21T10:00:00Z"]').toString('base64url')],
      ['products', 'UPDATED_AT', cursorOf('yesterday')],
      ['products', 'UPDATED_AT', cursorOf('2026-02-30T10:00:00Z')],
      ['products', 'UPDATED_AT', cursorOf('2026-11-21T25:00:00Z')],
      ['products', 'UPDATED_AT', cursorOf(12345)],
      ['products', 'UPDATED_AT', cursorOf(null)],
      ['products', 'CREATED_AT', cursorOf('2026-11-21T10:00:00.123456789Z')],
      ['products', 'PRICE', cursorOf('cheap')],
      ['products', 'PRICE', cursorOf(1e300)],
      ['products', 'PRICE', cursorOf('99999999999999999999999')],
      ['products', 'PRICE', cursorOf(1.5)],
      ['products', 'PRICE', cursorOf({ value: 1 })],
      ['products', 'TITLE', cursorOf(7)],
      ['products', 'TITLE', cursorOf('a\u0000b')],
      ['products', 'TITLE', cursorOf('apple', 'not-a-uuid')],
      ['products', 'TITLE', cursorOf('apple', 42)],
      ['products', 'TITLE', cursorOf('apple', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz')],
      ['customers', 'ORDERS_COUNT', cursorOf(3_000_000_000)],
      ['customers', 'ORDERS_COUNT', cursorOf('12abc')],
      ['customers', 'TOTAL_SPENT', cursorOf('9223372036854775808')],
      ['customers', 'CREATED_AT', cursorOf('0000-01-01T00:00:00Z')],
      ['inventoryLevels', 'AVAILABLE', cursorOf('-2147483649')],
      ['inventoryLevels', 'UPDATED_AT', cursorOf(true)],
      ['products', 'TITLE', 'x'.repeat(50_000)],
    ];
    const sortTypes: Record<string, string> = {
      products: 'ProductSortKeys',
      customers: 'CustomerSortKeys',
      inventoryLevels: 'InventoryLevelSortKeys',
    };
    for (const [field, sort, cursor] of forged) {
      for (const page of [`first: 3, after: $cursor`, `last: 3, before: $cursor`]) {
        const res = await client.request(
          `query($cursor: String, $sort: ${sortTypes[field]}) { ${field}(sortKey: $sort, ${page}) { nodes { id } } }`,
          { cursor, sort },
        );
        const label = `${field} ${sort} ${page} ${cursor.slice(0, 80)}`;
        expect(res.body.errors?.[0]?.extensions?.['code'], label).toBe('BAD_REQUEST');
        expect(res.body.errors?.[0]?.message, label).toBe(
          'This page cursor is not valid; start again from the first page.',
        );
      }
    }
    // A product without a price has no sort value by price: its cursor carries null.
    const unpriced = await client.request(
      `query($c: String) { products(sortKey: PRICE, first: 3, after: $c) { nodes { id } } }`,
      { c: cursorOf(null) },
    );
    expect(unpriced.body.errors).toBeUndefined();
    // A cursor from the previous format (milliseconds) still works: it is just a place in the order.
    const res = await client.request(
      `query($c: String) { products(sortKey: UPDATED_AT, first: 3, after: $c) { nodes { id } } }`,
      {
        c: cursorOf('2026-11-21T10:00:00.123Z'),
      },
    );
    expect(res.body.errors).toBeUndefined();
  });
});
