import { describe, expect, it } from 'vitest';
import { SAVED_VIEW_RESOURCES, SAVED_VIEW_SORT_KEYS } from '@stockroom/domain';
import { buildSchema } from '../../../src/app/schema.js';
import { GraphQLEnumType } from 'graphql';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';

const FIELDS = `id resource name query sortKey reverse columns shared owner isDefault canEdit version`;
const CREATE = `mutation($input: SavedViewInput!) { savedViewCreate(input: $input) { savedView { ${FIELDS} } userErrors { field code message } } }`;
const UPDATE = `mutation($id: ID!, $input: SavedViewUpdateInput!) { savedViewUpdate(id: $id, input: $input) { savedView { ${FIELDS} } userErrors { field code message } } }`;
const DELETE = `mutation($id: ID!) { savedViewDelete(id: $id) { deletedId userErrors { field code message } } }`;
const DEFAULT = `mutation($resource: SavedViewResource!, $id: ID) { savedViewSetDefault(resource: $resource, id: $id) { savedViews { id name isDefault } userErrors { field code message } } }`;
const LIST = `query($resource: SavedViewResource!) { savedViews(resource: $resource) { ${FIELDS} } }`;
const ONE = `query($id: ID!) { savedView(id: $id) { id name } }`;
const AUDIT = `query { auditEvents(first: 20, query: "subject_type:SavedView") { nodes { action } } }`;

async function create(client: Client, input: Record<string, unknown>) {
  return (await gql(client, CREATE, { input })).savedViewCreate;
}
const list = async (client: Client, resource = 'ORDERS') =>
  (await gql(client, LIST, { resource })).savedViews as { id: string; name: string }[];

describe('saved view sort keys', () => {
  it('are the values of each list’s sort keys enum', () => {
    const schema = buildSchema();
    const enums: Record<string, string> = {
      PRODUCTS: 'ProductSortKeys',
      ORDERS: 'OrderSortKeys',
      DRAFT_ORDERS: 'DraftOrderSortKeys',
      CUSTOMERS: 'CustomerSortKeys',
      INVENTORY: 'InventoryLevelSortKeys',
      DISCOUNTS: 'DiscountSortKeys',
      RETURNS: 'ReturnSortKey',
    };
    for (const resource of SAVED_VIEW_RESOURCES) {
      const type = schema.getType(enums[resource]!) as GraphQLEnumType;
      expect([...SAVED_VIEW_SORT_KEYS[resource]].sort(), resource).toEqual(
        type
          .getValues()
          .map((v) => v.name)
          .sort(),
      );
    }
  });
});

describe.each(DATABASES)('saved views ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  const staff = async (email: string, roleKeys: string[]) => {
    await ctx.server.createStaff({
      email,
      name: email.split('@')[0]!,
      password: 'saved-views-pass-42',
      roleKeys,
    });
    return signedIn(ctx.server, email, 'saved-views-pass-42');
  };

  it('creates, lists, updates and deletes a view, with audit events', async () => {
    const owner = await signedIn(ctx.server);
    const made = await create(owner, {
      resource: 'ORDERS',
      name: '  Open   orders ',
      query: 'status:open',
      sortKey: 'total',
      reverse: true,
      columns: ['number', 'total', 'tags'],
      shared: true,
    });
    expect(made.userErrors).toEqual([]);
    expect(made.savedView).toMatchObject({
      resource: 'ORDERS',
      name: 'Open orders',
      query: 'status:open',
      sortKey: 'TOTAL',
      reverse: true,
      columns: ['number', 'total', 'tags'],
      shared: true,
      owner: 'Store owner',
      isDefault: false,
      canEdit: true,
      version: 1,
    });
    expect(made.savedView.id).toMatch(/^svw_/);
    const mine = await create(owner, { resource: 'ORDERS', name: 'A private one' });
    expect(mine.savedView).toMatchObject({ shared: false, query: '', sortKey: null, columns: [] });
    expect((await list(owner)).map((v) => v.name)).toEqual(['Open orders', 'A private one']);
    expect(await list(owner, 'PRODUCTS')).toEqual([]);

    const id = made.savedView.id;
    const changed = (
      await gql(owner, UPDATE, {
        id,
        input: { name: 'Open', query: 'status:open tag:rush', expectedVersion: 1 },
      })
    ).savedViewUpdate;
    expect(changed.userErrors).toEqual([]);
    expect(changed.savedView).toMatchObject({
      name: 'Open',
      query: 'status:open tag:rush',
      version: 2,
      sortKey: 'TOTAL',
    });
    const stale = (await gql(owner, UPDATE, { id, input: { name: 'Again', expectedVersion: 1 } }))
      .savedViewUpdate;
    expect(stale.userErrors[0]).toMatchObject({ code: 'STALE_VERSION' });
    expect((await gql(owner, ONE, { id })).savedView.name).toBe('Open');

    expect((await gql(owner, DELETE, { id })).savedViewDelete).toEqual({ deletedId: id, userErrors: [] });
    expect((await gql(owner, ONE, { id })).savedView).toBeNull();
    const actions = (await gql(owner, AUDIT)).auditEvents.nodes.map((n: { action: string }) => n.action);
    expect(actions).toEqual(
      expect.arrayContaining(['savedView.create', 'savedView.update', 'savedView.delete']),
    );
    await gql(owner, DELETE, { id: mine.savedView.id });
  });

  it('keeps a private view from everyone else (NOT_FOUND), shares only with VIEWS_MANAGE', async () => {
    const owner = await signedIn(ctx.server);
    const support = await staff('support-views@example.com', ['support']);
    const admin2 = await staff('admin-views@example.com', ['administrator']);
    const secret = (await create(owner, { resource: 'CUSTOMERS', name: 'My VIPs', query: 'orders_count:>5' }))
      .savedView;
    const shared = (await create(owner, { resource: 'CUSTOMERS', name: 'Everyone', shared: true })).savedView;

    for (const other of [support, admin2]) {
      expect((await list(other, 'CUSTOMERS')).map((v) => v.name)).toEqual(['Everyone']);
      expect((await gql(other, ONE, { id: secret.id })).savedView).toBeNull();
      for (const [query, vars] of [
        [UPDATE, { id: secret.id, input: { name: 'Mine now' } }],
        [DELETE, { id: secret.id }],
        [DEFAULT, { resource: 'CUSTOMERS', id: secret.id }],
      ] as const) {
        const res = await other.request(query, vars);
        expect(res.body.errors?.[0]?.extensions?.['code']).toBe('NOT_FOUND');
      }
    }
    // Support holds no VIEWS_MANAGE: the shared view is read-only, sharing is refused.
    const [seen] = (await gql(support, LIST, { resource: 'CUSTOMERS' })).savedViews;
    expect(seen).toMatchObject({ name: 'Everyone', canEdit: false, owner: 'Store owner' });
    for (const [query, vars] of [
      [UPDATE, { id: shared.id, input: { name: 'Renamed' } }],
      [DELETE, { id: shared.id }],
      [CREATE, { input: { resource: 'CUSTOMERS', name: 'Shared by support', shared: true } }],
    ] as const) {
      const res = await support.request(query, vars);
      expect(res.body.errors?.[0]?.extensions).toMatchObject({
        code: 'FORBIDDEN',
        permission: 'VIEWS_MANAGE',
      });
      expect(res.body.errors?.[0]?.message).toMatch(/manage shared views/);
    }
    // Duplicate as private: a copy of one's own, which they may then change.
    const copy = (await create(support, { resource: 'CUSTOMERS', name: 'Everyone', query: '' })).savedView;
    expect(copy).toMatchObject({ shared: false, canEdit: true, owner: 'support-views' });
    const sharing = await support.request(UPDATE, { id: copy.id, input: { shared: true } });
    expect(sharing.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    // Another administrator may edit the shared one (not the owner's private one).
    const renamed = (await gql(admin2, UPDATE, { id: shared.id, input: { name: 'All customers' } }))
      .savedViewUpdate;
    expect(renamed.savedView).toMatchObject({ name: 'All customers', canEdit: true });
    // Unsharing makes it its owner's private view: others lose it.
    await gql(admin2, UPDATE, { id: shared.id, input: { shared: false } });
    expect(await list(support, 'CUSTOMERS')).toEqual([expect.objectContaining({ name: 'Everyone' })]);
    expect((await list(owner, 'CUSTOMERS')).map((v) => v.name)).toEqual(['All customers', 'My VIPs']);
    // A list one may not read: no views of it.
    const packer = await staff('packer-views@example.com', ['fulfillment']);
    const res = await packer.request(LIST, { resource: 'CUSTOMERS' });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'CUSTOMERS_READ',
    });
  });

  it('answers bad input in plain words and changes nothing', async () => {
    const owner = await signedIn(ctx.server);
    const errorsOf = async (input: Record<string, unknown>) =>
      (await create(owner, { resource: 'PRODUCTS', name: 'X', ...input })).userErrors;
    expect(await errorsOf({ name: '   ' })).toEqual([
      expect.objectContaining({
        field: ['input', 'name'],
        code: 'REQUIRED',
        message: 'Give the view a name.',
      }),
    ]);
    expect((await errorsOf({ name: 'n'.repeat(61) }))[0]).toMatchObject({ code: 'TOO_LONG' });
    expect((await errorsOf({ query: 'q'.repeat(1001) }))[0]).toMatchObject({
      code: 'TOO_LONG',
      field: ['input', 'query'],
    });
    const unknownField = (await errorsOf({ query: 'colour:red' }))[0];
    expect(unknownField).toMatchObject({ code: 'INVALID', field: ['input', 'query'] });
    expect(unknownField.message).toMatch(/Unknown field "colour"/);
    expect((await errorsOf({ query: '(status:active' }))[0]).toMatchObject({ field: ['input', 'query'] });
    const sort = (await errorsOf({ sortKey: 'CUSTOMER_NAME' }))[0];
    expect(sort).toMatchObject({ code: 'INVALID', field: ['input', 'sortKey'] });
    expect(sort.message).toMatch(/Sort by one of: CREATED_AT/);
    const cols = (await errorsOf({ columns: ['vendor', 'colour'] }))[0];
    expect(cols).toMatchObject({ code: 'INVALID', field: ['input', 'columns'] });
    expect(cols.message).toMatch(/"colour" is not a column of this list/);
    expect((await errorsOf({ columns: Array.from({ length: 31 }, (_, i) => `c${i}`) }))[0]).toMatchObject({
      code: 'TOO_LONG',
    });
    expect(
      (await create(owner, { resource: 'INVENTORY', name: 'X', columns: ['sku'] })).userErrors[0].message,
    ).toBe('This list has no columns to choose.');
    await create(owner, { resource: 'PRODUCTS', name: 'Drafts', query: 'status:draft' });
    const taken = (await create(owner, { resource: 'PRODUCTS', name: 'drafts' })).userErrors[0];
    expect(taken).toMatchObject({ code: 'TAKEN', field: ['input', 'name'] });
    expect(taken.message).toMatch(/already have a view of this list called “drafts”/);
    // A shared name is its own set: the same name may be shared once.
    expect((await create(owner, { resource: 'PRODUCTS', name: 'Drafts', shared: true })).userErrors).toEqual(
      [],
    );
    expect(
      (await create(owner, { resource: 'PRODUCTS', name: 'DRAFTS', shared: true })).userErrors[0].code,
    ).toBe('TAKEN');
    expect((await list(owner, 'PRODUCTS')).map((v) => v.name)).toEqual(['Drafts', 'Drafts']);
  });

  it('keeps one default per staff member and list; deleting the view clears it', async () => {
    const owner = await signedIn(ctx.server);
    const support = await staff('support-default@example.com', ['support']);
    const a = (
      await create(owner, { resource: 'DISCOUNTS', name: 'Active', query: 'status:active', shared: true })
    ).savedView;
    const b = (
      await create(owner, { resource: 'DISCOUNTS', name: 'Expired', query: 'status:expired', shared: true })
    ).savedView;
    const set = async (client: Client, id: string | null) =>
      (await gql(client, DEFAULT, { resource: 'DISCOUNTS', id })).savedViewSetDefault;
    expect((await set(owner, a.id)).savedViews).toEqual([
      { id: a.id, name: 'Active', isDefault: true },
      { id: b.id, name: 'Expired', isDefault: false },
    ]);
    await set(owner, b.id);
    await set(support, a.id);
    const defaults = async (client: Client) =>
      (await list(client, 'DISCOUNTS')).filter((v: any) => v.isDefault).map((v) => v.name);
    expect(await defaults(owner)).toEqual(['Expired']);
    expect(await defaults(support)).toEqual(['Active']);
    const wrongList = await set(
      owner,
      (await create(owner, { resource: 'ORDERS', name: 'Other list' })).savedView.id,
    );
    expect(wrongList.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['id'] });
    await gql(owner, DELETE, { id: a.id });
    expect(await defaults(support)).toEqual([]);
    await set(owner, null);
    expect(await defaults(owner)).toEqual([]);
  });

  it('keeps at most 50 views per list for each person, and 50 shared', async () => {
    const owner = await signedIn(ctx.server);
    for (let i = 1; i <= 50; i++) {
      const made = await create(owner, { resource: 'RETURNS', name: `View ${i}` });
      expect(made.userErrors).toEqual([]);
    }
    const over = await create(owner, { resource: 'RETURNS', name: 'View 51' });
    expect(over.userErrors[0]).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(over.userErrors[0].message).toMatch(/at most 50 views of a list/);
    expect(await list(owner, 'RETURNS')).toHaveLength(50);
    // Others' count is their own; a shared one counts among the shared.
    expect((await create(owner, { resource: 'RETURNS', name: 'Shared', shared: true })).userErrors).toEqual(
      [],
    );
  });
});
