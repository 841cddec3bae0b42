import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import { createDiscount } from '../../support/discount-fixtures.js';

const LOG = `query($q: String, $first: Int, $after: String) {
  auditEvents(query: $q, first: $first, after: $after) {
    nodes { action actorName actorType subjectType subjectId changes { field before after } }
    pageInfo { hasNextPage endCursor }
    userErrors { field message }
  } }`;

/** SPEC §2 /settings/audit, §7.4: the log searched by what, who, which record and when. */
describe.each(DATABASES)('searching the audit log on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let support: Client;
  let productId: string;
  let staffId: string;

  const actions = async (client: Client, q: string) =>
    (await gql(client, LOG, { q, first: 100 })).auditEvents.nodes.map((e: any) => e.action);

  it('sets up a product changed twice by the owner and a code made by a catalog manager', async () => {
    owner = await signedIn(ctx.server);
    const created = await gql(
      owner,
      `mutation { productCreate(input: { title: "Wool Hat", status: DRAFT }) { product { id version } userErrors { message } } }`,
    );
    productId = created.productCreate.product.id;
    for (const title of ['Wool Beanie', 'Merino Beanie']) {
      const updated = await gql(
        owner,
        `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`,
        { id: productId, input: { title } },
      );
      expect(updated.productUpdate.userErrors).toEqual([]);
    }
    staffId = await ctx.server.createStaff({
      email: 'liam@example.com',
      name: 'Liam Chen',
      password: 'catalog-all-day-long-3',
      roleKeys: ['catalog-manager'],
    });
    const liam = await signedIn(ctx.server, 'liam@example.com', 'catalog-all-day-long-3');
    await createDiscount(liam, { code: 'WINTER10', value: '10' });
    await ctx.server.createStaff({
      email: 'sue@example.com',
      name: 'Sue Port',
      password: 'helpful-answers-every-day',
      roleKeys: ['support'],
    });
    support = await signedIn(ctx.server, 'sue@example.com', 'helpful-answers-every-day');
  });

  it('finds events by action, actor, subject, type and date', async () => {
    expect(await actions(owner, 'action:product')).toEqual([
      'product.update',
      'product.update',
      'product.create',
    ]);
    expect(await actions(owner, 'action:product.update')).toEqual(['product.update', 'product.update']);
    expect(await actions(owner, `subject:${productId}`)).toEqual([
      'product.update',
      'product.update',
      'product.create',
    ]);
    expect(await actions(owner, 'subject_type:discount')).toEqual(['discount.create']);
    expect(await actions(owner, 'actor:liam -action:staff')).toEqual(['discount.create']);
    expect(await actions(owner, `actor:stf_${staffId.replace(/-/g, '')} action:discount`)).toEqual([
      'discount.create',
    ]);
    expect(await actions(owner, 'created_at:>-1d action:discount')).toEqual(['discount.create']);
    expect(await actions(owner, 'created_at:<2026-01-01')).toEqual([]);
    expect(await actions(owner, 'disc')).toEqual(['discount.create']);
    const changes = (await gql(owner, LOG, { q: 'action:product.update', first: 1 })).auditEvents.nodes[0]
      .changes;
    expect(changes).toEqual([{ field: 'title', before: '"Wool Beanie"', after: '"Merino Beanie"' }]);
  });

  it('pages through a search without losing or repeating an event', async () => {
    const first = (await gql(owner, LOG, { q: 'action:product', first: 2 })).auditEvents;
    const second = (await gql(owner, LOG, { q: 'action:product', first: 2, after: first.pageInfo.endCursor }))
      .auditEvents;
    expect([...first.nodes, ...second.nodes].map((e: any) => e.action)).toEqual([
      'product.update',
      'product.update',
      'product.create',
    ]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('says what is wrong with a search, and keeps the log from those without AUDIT_READ', async () => {
    const bad = (await gql(owner, LOG, { q: 'colour:red' })).auditEvents;
    expect(bad.nodes).toEqual([]);
    expect(bad.userErrors[0].field).toEqual(['query']);
    expect(bad.userErrors[0].message).toContain('actor');
    const refused = await support.request(LOG, { q: 'action:product' });
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'AUDIT_READ',
    });
  });

  it('downloads the events of a search as CSV, for those who may read the log and export data', async () => {
    const csv = (client: Client | null, query: string) =>
      fetch(`${ctx.server.url}/exports/audit-events.csv?query=${encodeURIComponent(query)}`, {
        headers: client?.cookie ? { cookie: client.cookie } : {},
      });
    const res = await csv(owner, 'action:product.update');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = (await res.text()).trim().split('\n');
    expect(rows[0]).toBe(
      'created_at,action,actor_type,actor,subject_type,subject_id,field,before,after,ip,request_id',
    );
    // Text as it is; other values (numbers, lists) as JSON.
    expect(rows.slice(1).map((r) => r.split(',').slice(1, 9).join(','))).toEqual([
      `product.update,staff,Store owner,Product,${productId},title,Wool Beanie,Merino Beanie`,
      `product.update,staff,Store owner,Product,${productId},title,Wool Hat,Wool Beanie`,
    ]);
    const refused = await csv(support, 'action:product');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Downloading the audit log needs AUDIT_READ. Ask a staff manager for it.',
    });
    expect((await csv(null, '')).status).toBe(401);
    expect((await csv(owner, 'colour:red')).status).toBe(400);
  });

  it("shows a product's own history to those who read the catalog, not the whole log", async () => {
    const liam = await signedIn(ctx.server, 'liam@example.com', 'catalog-all-day-long-3');
    const history = await gql(
      liam,
      `query($id: ID!) { product(id: $id) { events { action changes { field before after } } } }`,
      { id: productId },
    );
    expect(history.product.events.map((e: any) => e.action)).toEqual([
      'product.update',
      'product.update',
      'product.create',
    ]);
    expect(history.product.events[0].changes).toEqual([
      { field: 'title', before: '"Wool Beanie"', after: '"Merino Beanie"' },
    ]);
    const log = await liam.request(`{ auditEvents(first: 1) { nodes { id } } }`);
    expect(log.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', permission: 'AUDIT_READ' });
  });
});
