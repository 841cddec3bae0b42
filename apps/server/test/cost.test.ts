import { describe, expect, it } from 'vitest';
import { buildSchema as buildSdl, parse } from 'graphql';
import { actualCost, requestedCost } from '../src/graphql/cost.js';
import { memoryRateLimiter, redisRateLimiter } from '../src/graphql/rate-limit.js';

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
  it('charges objects 1, scalars 0, connections 2 + page size × node, mutations 10', () => {
    expect(requestedCost(schema, parse(`{ shop { name } }`), null)).toBe(1);
    expect(requestedCost(schema, parse(`{ me { id roles { name } } }`), null)).toBe(2);
    expect(requestedCost(schema, parse(`{ items { nodes { id } } }`), null)).toBe(2 + 50 * 1);
    expect(requestedCost(schema, parse(`query($n: Int) { items(first: $n) { edges { node { owner { id } } } } }`), null, { n: 10 })).toBe(2 + 10 * 2);
    expect(requestedCost(schema, parse(`mutation { touch { id } }`), null)).toBe(11);
  });

  it('multiplies nested connections, so a huge request is caught before it runs', () => {
    const cost = requestedCost(schema, parse(`{ items(first: 250) { nodes { children(first: 250) { nodes { id } } } } }`), null);
    expect(cost).toBeGreaterThan(5000);
  });

  it('follows fragments and picks the named operation', () => {
    const doc = parse(`query A { shop { name } } query B { ...F } fragment F on Query { me { roles { name } } }`);
    expect(requestedCost(schema, doc, 'B')).toBe(2);
  });

  it('counts what came back for the actual cost', () => {
    expect(actualCost({ items: { nodes: [{ id: 1 }, { id: 2 }] } }, false)).toBe(3);
    expect(actualCost({ touch: { id: 1 } }, true)).toBe(11);
  });
});

const limiters = [
  ['memory', () => memoryRateLimiter({ size: 100, restorePerSecond: 10 })] as const,
  ...(process.env['REDIS_URL'] ? ([['redis', () => redisRateLimiter(process.env['REDIS_URL']!)]] as const) : []),
];

describe.each(limiters)('rate limit bucket (%s)', (_name, make) => {
  it('takes points, refuses past the bucket with a wait, and refunds', async () => {
    const limiter = make();
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
