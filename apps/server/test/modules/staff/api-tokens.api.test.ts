import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { asLimitedManager } from '../../support/limited-manager.js';
import { createLocation, createVariant, gql, stockOf } from '../../support/order-fixtures.js';

const CREATE = `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) {
  apiToken { id name prefix permissions status } token userErrors { field code message } } }`;

/** SPEC §3 ApiToken, §6: an integration works with a token, within its permissions only. */
describe.each(DATABASES)('API tokens on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;
  let warehouse: string;
  let token: string;
  let tokenId: string;

  /** A request as an integration makes it: the token, no cookie, no CSRF header. */
  const asToken = async (
    query: string,
    variables: Record<string, unknown> = {},
    extra: Record<string, string> = {},
  ) => {
    const res = await fetch(`${ctx.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: await res.json() };
  };

  it('makes a token with chosen permissions, shown once', async () => {
    owner = await signedIn(ctx.server);
    warehouse = await createLocation(owner, 'Warehouse');
    lamp = await createVariant(owner, { sku: 'TOK-LAMP', price: '20.00', stock: { [warehouse]: 10 } });
    const made = (
      await gql(owner, CREATE, {
        input: { name: 'Storefront', permissions: ['ORDERS_WRITE', 'CATALOG_READ', 'INVENTORY_WRITE'] },
      })
    ).apiTokenCreate;
    expect(made.userErrors).toEqual([]);
    expect(made.token).toMatch(/^srk_[\w-]{43}$/);
    expect(made.apiToken).toMatchObject({
      name: 'Storefront',
      prefix: made.token.slice(0, 10),
      permissions: ['CATALOG_READ', 'INVENTORY_WRITE', 'ORDERS_WRITE'],
      status: 'ACTIVE',
    });
    token = made.token;
    tokenId = made.apiToken.id;
    const listed = (await gql(owner, `{ apiTokens { id name lastUsedAt createdBy { email } } }`)).apiTokens;
    expect(listed).toEqual([
      { id: tokenId, name: 'Storefront', lastUsedAt: null, createdBy: { email: ctx.server.ownerEmail } },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(10));
  });

  it('places an order and adjusts stock with the token, audited under its name', async () => {
    const order = await asToken(
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { order { id name } userErrors { message } } }`,
      { input: { lines: [{ variantId: lamp, quantity: 2 }], email: 'shopper@example.com' } },
    );
    expect(order.status).toBe(200);
    expect(order.body.data.orderCreate.userErrors).toEqual([]);
    const adjust = await asToken(
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId: lamp, locationId: warehouse, delta: 5 }] } },
    );
    expect(adjust.body.data.inventoryAdjust.userErrors).toEqual([]);
    expect(await stockOf(owner, lamp)).toEqual({ Warehouse: '15/2' });
    const log = await gql(
      owner,
      `{ auditEvents(first: 5, query: "actor_type:api") { nodes { action actorName } } }`,
    );
    expect(log.auditEvents.nodes.map((e: any) => `${e.action} by ${e.actorName}`)).toEqual([
      'inventory.adjust by API token Storefront',
      'order.create by API token Storefront',
      // The shopper's email made them a customer, as any order does.
      'customer.create by API token Storefront',
    ]);
    const [row] = (await gql(owner, `{ apiTokens { lastUsedAt } }`)).apiTokens;
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('is refused beyond its permissions, for a person’s account, and with a cookie as well', async () => {
    const customers = await asToken(`{ customers(first: 1) { nodes { id } } }`);
    expect(customers.body.errors[0].extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'CUSTOMERS_READ',
    });
    const tokens = await asToken(CREATE, { input: { name: 'Sneaky', permissions: ['ORDERS_WRITE'] } });
    expect(tokens.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', permission: 'STAFF_MANAGE' });
    const password = await asToken(
      `mutation { passwordChange(currentPassword: "x", newPassword: "y") { userErrors { message } } }`,
    );
    expect(password.body.data.passwordChange.userErrors[0].message).toBe(
      "An API token can't change a person's account; sign in as that person.",
    );
    const both = await asToken(`{ shop { name } }`, {}, { cookie: owner.cookie! });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].message).toBe(
      'Refused: send either an API token or a session cookie, not both.',
    );
  });

  it('refuses permissions its maker does not hold, and bad input, saying why', async () => {
    const bad = (
      await gql(owner, CREATE, { input: { name: ' ', permissions: [], expiresAt: '2020-01-01T00:00:00Z' } })
    ).apiTokenCreate;
    expect(bad.userErrors.map((e: any) => `${e.field.join('.')} ${e.code}`)).toEqual([
      'input.name REQUIRED',
      'input.permissions REQUIRED',
      'input.expiresAt INVALID',
    ]);
    // A manager without AUDIT_READ, acting through the service as the API would.
    const { apiTokenCreate } = await import('../../../src/modules/staff/api-token.service.js');
    const refused = await asLimitedManager(ctx.server, ['ORDERS_READ'], (trx, actor) =>
      apiTokenCreate(trx, actor, { name: 'Reports', permissions: ['ORDERS_READ', 'AUDIT_READ'] }),
    );
    expect(refused).toMatchObject({
      errors: [
        {
          code: 'ESCALATION_FORBIDDEN',
          message: "You can only give a token permissions you hold yourself; you don't hold AUDIT_READ.",
        },
      ],
    });
  });

  it('stops working once revoked, with the same answer as an unknown token', async () => {
    const revoked = (
      await gql(
        owner,
        `mutation($id: ID!) { apiTokenRevoke(id: $id) { apiToken { status } userErrors { message } } }`,
        { id: tokenId },
      )
    ).apiTokenRevoke;
    expect(revoked).toEqual({ apiToken: { status: 'REVOKED' }, userErrors: [] });
    const after = await asToken(`{ products(first: 1) { nodes { id } } }`);
    const unknown = await fetch(`${ctx.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer srk_not-a-token-at-all' },
      body: JSON.stringify({ query: '{ products(first: 1) { nodes { id } } }' }),
    }).then((r) => r.json());
    expect(after.status).toBe(401);
    expect(after.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(after.body.errors[0].message).toMatch(/API token .*invalid, expired or revoked/);
    expect(after.body.errors[0].message).toBe(unknown.errors[0].message);
  });
});
