import { describe, expect, it } from 'vitest';
import { readScenarios, type Scenario } from '../../../../bench/scenarios/index.mjs';
import { DATABASES, signedIn, useServer, type Client } from '../helpers.js';

// `npm run bench` measures these documents; here each of its requests runs once on the demo store,
// so a scenario that no longer answers (a renamed field, a broken search) fails here, not in the
// middle of a bench run. Times are the bench's business, not this test's.
describe.each(DATABASES)('bench scenarios on $name', ({ postgresUrl }) => {
  // The bench turns the rate limit off too: it sends far more than a person would.
  const ctx = useServer({ postgresUrl, demo: true, config: { rateLimit: false } });

  it('answers every request of every bench scenario without a GraphQL error', async () => {
    const client: Client = await signedIn(ctx.server);
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await client.request(query, variables);
      return { body: res.body };
    };
    const scenarios: Scenario[] = await readScenarios(gql);
    expect(scenarios.map((s) => s.key)).toEqual([
      'home',
      'product-list-admin',
      'product-list-full',
      'product-search',
      'product-detail',
      'customer-list',
      'customer-search',
      'inventory-list',
      'order-list',
      'order-detail',
    ]);
    for (const s of scenarios) {
      expect(s.variables.length, s.key).toBeGreaterThan(0);
      for (const variables of s.variables) {
        const res = await client.request(s.document, variables);
        expect(res.status, `${s.key} ${JSON.stringify(variables)}`).toBe(200);
        expect(
          res.body.errors,
          `${s.key} ${JSON.stringify(variables)} ${JSON.stringify(res.body.errors)}`,
        ).toBeUndefined();
        const [root] = Object.values(res.body.data ?? {});
        expect(root, `${s.key} ${JSON.stringify(variables)}`).toBeTruthy();
      }
    }
  });
});
