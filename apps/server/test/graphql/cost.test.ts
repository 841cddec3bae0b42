import { describe, expect, it } from 'vitest';
import { buildSchema as buildSdl, parse, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import {
  actualCost,
  cachedRequestedCost,
  DEFAULT_LIST_BOUND,
  listBounds,
  requestedCost,
  type ListBound,
} from '../../src/graphql/cost.js';
import { buildSchema } from '../../src/app/schema.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../../src/lib/rate-limit.js';
import { connectRedis } from '../../src/lib/redis.js';
import { createLogger } from '../../src/lib/logger.js';

/** Declares a list field's bound on a schema made from SDL, as `listBound` does on the real one. */
function declare(sdl: GraphQLSchema, bounds: Record<string, ListBound>): GraphQLSchema {
  for (const [coordinate, bound] of Object.entries(bounds)) {
    const [type, field] = coordinate.split('.') as [string, string];
    const def = (sdl.getType(type) as GraphQLObjectType).getFields()[field]!;
    (def as { extensions: unknown }).extensions = { listBound: bound };
  }
  return sdl;
}

const schema = buildSdl(`
  type Query { shop: Shop! items(first: Int, last: Int): ItemConnection! me: Me }
  type Mutation { touch: Me }
  type Shop { name: String! }
  type Me { id: ID! roles: [Role!]! }
  type Role { name: String! }
  type ItemConnection { edges: [ItemEdge!]! nodes: [Item!]! pageInfo: PageInfo! }
  type ItemEdge { node: Item! cursor: String! }
  type PageInfo { hasNextPage: Boolean! }
  type Item { id: ID! children(first: Int): ItemConnection! owner: Me }
`);

describe('query cost', () => {
  it('charges objects 1, scalars 0, connections 2 + page size × node, lists bound × item, mutations 10', () => {
    expect(requestedCost(schema, parse(`{ shop { name } }`), null)).toBe(1);
    expect(requestedCost(schema, parse(`{ me { id roles { name } } }`), null, {}, { 'Me.roles': 5 })).toBe(
      1 + 5,
    );
    expect(requestedCost(schema, parse(`{ me { id roles { name } } }`), null)).toBe(1 + DEFAULT_LIST_BOUND);
    expect(requestedCost(schema, parse(`{ items { nodes { id } } }`), null)).toBe(2 + 50 * 1);
    expect(
      requestedCost(
        schema,
        parse(`query($n: Int) { items(first: $n) { edges { node { owner { id } } } } }`),
        null,
        { n: 10 },
      ),
    ).toBe(2 + 10 * 2);
    expect(requestedCost(schema, parse(`mutation { touch { id } }`), null)).toBe(11);
  });

  it('remembers the cost of a document per page size and list length, never per text', () => {
    const doc = parse(`query($n: Int, $q: String) { items(first: $n) { nodes { owner { id } } } }`);
    const bounds = { 'Me.roles': 5 };
    const costOf = (variables: Record<string, unknown>) => [
      cachedRequestedCost(schema, doc, null, variables, bounds),
      requestedCost(schema, doc, null, variables, bounds),
    ];
    expect(costOf({ n: 10, q: 'a' })).toEqual([2 + 10 * 2, 2 + 10 * 2]);
    expect(costOf({ n: 10, q: 'other words' })).toEqual([2 + 10 * 2, 2 + 10 * 2]);
    expect(costOf({ n: 250, q: 'a' })).toEqual([2 + 250 * 2, 2 + 250 * 2]);
    expect(costOf({ n: '250', q: 'a' })).toEqual([2 + 50 * 2, 2 + 50 * 2]);
    expect(costOf({ q: 'a' })).toEqual([2 + 50 * 2, 2 + 50 * 2]);
    // Other bounds (the store grew), the same document: counted again.
    expect(cachedRequestedCost(schema, parse(`{ me { roles { name } } }`), null, {}, { 'Me.roles': 9 })).toBe(
      1 + 9,
    );
    const roles = parse(`{ me { roles { name } } }`);
    expect(cachedRequestedCost(schema, roles, null, {}, { 'Me.roles': 2 })).toBe(3);
    expect(cachedRequestedCost(schema, roles, null, {}, { 'Me.roles': 7 })).toBe(8);
  });

  it('multiplies nested connections, so a huge request is caught before it runs', () => {
    const cost = requestedCost(
      schema,
      parse(`{ items(first: 250) { nodes { children(first: 250) { nodes { id } } } } }`),
      null,
    );
    expect(cost).toBeGreaterThan(5000);
  });

  it('follows fragments and picks the named operation', () => {
    const doc = parse(
      `query A { shop { name } } query B { ...F } fragment F on Query { me { roles { name } } }`,
    );
    expect(requestedCost(schema, doc, 'B', {}, { 'Me.roles': 3 })).toBe(4);
  });

  it('charges plain lists by their real bound, so nested lists cannot hide work', () => {
    const real = declare(
      buildSdl(`
        type Query { products(first: Int): ProductConnection! nodes(ids: [ID!]!): [Node]! }
        interface Node { id: ID! }
        type ProductConnection { nodes: [Product!]! userErrors: [UserError!]! }
        type UserError { message: String! }
        type Product implements Node { id: ID! variants: [ProductVariant!]! }
        type ProductVariant implements Node { id: ID! product: Product! inventoryLevels: [Level!]! }
        type Level { variant: ProductVariant! }
      `),
      {
        'Query.nodes': { byArgLength: 'ids' },
        'Product.variants': { max: 2_000, counted: 'maxVariantsPerProduct' },
        'ProductVariant.inventoryLevels': { counted: 'locations' },
      },
    );
    const bounds = listBounds({ locations: 3 });
    // 2 + 10 × (1 product + 2,000 variants × (1 + 3 levels × (1 + 1 variant)) + 1 userError)
    expect(
      requestedCost(
        real,
        parse(
          `{ products(first: 10) { nodes { variants { inventoryLevels { variant { id } } } } userErrors { message } } }`,
        ),
        null,
        {},
        bounds,
      ),
    ).toBe(2 + 10 * (1 + 2_000 * (1 + 3 * 2) + 1));
    // The 102-point query of the review now costs what it can return: far over the limit.
    expect(
      requestedCost(
        real,
        parse(`{ products(first: 50) { nodes { variants { product { variants { id } } } } } }`),
        null,
        {},
        bounds,
      ),
    ).toBeGreaterThan(5_000);
    // nodes(ids:) by the number of ids.
    expect(
      requestedCost(
        real,
        parse(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`),
        null,
        { ids: ['a', 'b', 'c'] },
        bounds,
      ),
    ).toBe(3);
    expect(requestedCost(real, parse(`{ nodes(ids: ["a", "b"]) { id } }`), null, {}, bounds)).toBe(2);
  });

  it('charges a payload list by the length of the input list it answers', () => {
    const real = declare(
      buildSdl(`
        type Query { shop: Shop! }
        type Shop { name: String! }
        type Mutation { inventoryAdjust(input: AdjustInput!): InventoryAdjustPayload! }
        input AdjustInput { changes: [Int!]! }
        type InventoryAdjustPayload { levels: [Level!] movements: [Move!] }
        type Level { location: Loc! }
        type Loc { name: String! }
        type Move { id: ID! }
      `),
      {
        'InventoryAdjustPayload.levels': { max: 250, byInput: ['input', 'changes'] },
        'InventoryAdjustPayload.movements': { max: 250, byInput: ['input', 'changes'] },
      },
    );
    const doc = parse(
      `mutation($input: AdjustInput!) { inventoryAdjust(input: $input) { levels { location { name } } movements { id } } }`,
    );
    // 10 for the mutation, 1 for its payload, then 2 levels × 2 and 2 movements × 1.
    expect(requestedCost(real, doc, null, { input: { changes: [1, 2] } })).toBe(10 + 1 + 2 * 2 + 2);
    expect(
      requestedCost(
        real,
        parse(`mutation { inventoryAdjust(input: { changes: [1, 2, 3] }) { movements { id } } }`),
        null,
      ),
    ).toBe(10 + 1 + 3);
  });

  it('reads each list bound from its field in the real schema, beside the resolver that keeps it', () => {
    const real = buildSchema();
    const cost = (query: string, variables: Record<string, unknown> = {}, bounds = {}) =>
      requestedCost(real, parse(query), null, variables, bounds);
    // A declared bound, then the live count that replaces it once known.
    expect(cost(`{ product(id: "x") { variants { id } } }`)).toBe(1 + 2_000);
    expect(
      cost(`{ product(id: "x") { variants { id } } }`, {}, listBounds({ maxVariantsPerProduct: 4 })),
    ).toBe(1 + 4);
    // A list by `first`: its argument's default when left out, at most 250.
    expect(cost(`{ order(id: "x") { timeline { id } } }`)).toBe(1 + 50);
    expect(cost(`{ order(id: "x") { timeline(first: 7) { id } } }`)).toBe(1 + 7);
    expect(cost(`{ order(id: "x") { timeline(first: 9999) { id } } }`)).toBe(1 + 250);
    expect(cost(`{ customer(id: "x") { orders { id } } }`)).toBe(1 + 10);
    // A list of one item per id asked for; one with no declared bound costs the default.
    expect(cost(`{ nodes(ids: ["a", "b", "c"]) { id } }`)).toBe(3);
    expect(cost(`{ shop { name } order(id: "x") { transactions { id } } }`)).toBe(1 + 1 + 20);
  });

  it('counts what came back for the actual cost', () => {
    expect(actualCost({ items: { nodes: [{ id: 1 }, { id: 2 }] } }, false)).toBe(3);
    expect(actualCost({ touch: { id: 1 } }, true)).toBe(11);
  });
});

/** The Redis limiter on its own connection, connected first (else it would answer from its fallback). */
async function onRedis(url: string): Promise<RateLimiter> {
  const link = connectRedis(url, createLogger('silent'));
  await link.connected();
  expect(link.usable()).toBe(true);
  return { ...redisRateLimiter(link), close: () => link.close() };
}

const limiters: (readonly [string, () => Promise<RateLimiter>])[] = [
  ['memory', () => Promise.resolve(memoryRateLimiter({ size: 100, restorePerSecond: 10 }))],
  ...(process.env['REDIS_URL'] ? ([['redis', () => onRedis(process.env['REDIS_URL']!)]] as const) : []),
];

describe.each(limiters)('rate limit bucket (%s)', (_name, make) => {
  it('takes points, refuses past the bucket with a wait, and refunds', async () => {
    const limiter = await make();
    const key = `test-${Date.now()}-${Math.random()}`;
    try {
      const size = _name === 'memory' ? 100 : 20_000;
      const first = await limiter.take(key, size - 10);
      expect(first).toMatchObject({ ok: true });
      expect(first.available).toBeCloseTo(10, -1);
      const refused = await limiter.take(key, size);
      expect(refused.ok).toBe(false);
      expect(refused.retryAfter).toBeGreaterThan(0);
      await limiter.refund(key, size - 10);
      expect((await limiter.take(key, size - 20)).ok).toBe(true);
    } finally {
      await limiter.close();
    }
  });
});
