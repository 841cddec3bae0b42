import { describe, expect, it } from 'vitest';
import { CUSTOMERS } from '../../../../../bench/scenarios/customers.mjs';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { statementsOf } from '../../support/statements.js';

// Issue #15: a page of the customer list reads each row's addresses in its own statement (a JSON
// column computed for the page's rows), so the admin's document costs the page and its count, as
// the bench's hand-written baseline does. The document is the bench's own.

describe.each(DATABASES)('customer list statements on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('reads the admin list in 2 statements, each row and its addresses as they read alone', async () => {
    const client = await signedIn(ctx.server);
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await client.request(query, variables);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data as any;
    };
    const countries = ['US', 'GB', 'FR'];
    for (let i = 0; i < 8; i++) {
      const out = await gql(
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`,
        {
          input: {
            email: `listed-${i}@example.com`,
            firstName: `Listed`,
            lastName: `Customer ${i}`,
            addresses: Array.from({ length: i % 3 }, (_, a) => ({
              line1: `${i + 1} High Street`,
              line2: a ? 'Flat 2' : null,
              city: a ? 'Leeds' : 'Springfield',
              postalCode: `${10_000 + i}`,
              countryCode: countries[(i + a) % 3],
            })),
          },
        },
      );
      expect(out.customerCreate.userErrors).toEqual([]);
    }

    const statements = (variables: Record<string, unknown>) =>
      statementsOf(ctx.server.app.database, () => gql(CUSTOMERS, variables));
    const second = (await gql(CUSTOMERS, { first: 3 })).customers.pageInfo.endCursor;
    for (const variables of [
      { first: 50 },
      { first: 3 },
      { first: 3, after: second },
      { query: 'country:US' },
    ])
      expect(await statements(variables), JSON.stringify(variables)).toBe(2);

    // Every row as the customer reads through `node`, which primes nothing.
    const FIELDS = `id displayName email defaultAddress { id line1 line2 city postalCode countryCode countryName }
      addresses { id firstName lastName company line1 line2 city region postalCode countryCode countryName phone }`;
    const list = await gql(`{ customers(first: 50) { nodes { ${FIELDS} } } }`);
    expect(list.customers.nodes.length).toBeGreaterThanOrEqual(8);
    expect(list.customers.nodes.some((n: any) => n.addresses.length === 2)).toBe(true);
    expect(list.customers.nodes.some((n: any) => n.defaultAddress === null)).toBe(true);
    for (const node of list.customers.nodes) {
      const alone = await gql(`query($id: ID!) { node(id: $id) { ... on Customer { ${FIELDS} } } }`, {
        id: node.id,
      });
      expect(node).toEqual(alone.node);
    }
  });
});
