import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { untilFinished } from '../jobs/job-fixtures.js';

const BULK = `mutation($ids: [ID!], $query: String, $action: CustomerBulkActionInput!) {
  customersBulkUpdate(ids: $ids, query: $query, action: $action) {
    changedCount job { id kind status progress { done total } } userErrors { field code message } } }`;

async function bulk(client: Client, variables: Record<string, unknown>) {
  const res = await client.request(BULK, variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.['customersBulkUpdate'] as {
    changedCount: number;
    job: { id: string; kind: string; status: string; progress: { done: number; total: number } } | null;
    userErrors: { field: string[]; code: string; message: string }[];
  };
}

/** `n` customers named "<prefix> <i>" with the given tags, straight into the table. */
async function seedCustomers(
  ctx: { server: { app: { database: { db: any } } } },
  prefix: string,
  n: number,
  tags: string[],
) {
  const db = ctx.server.app.database.db;
  await sql`insert into customers (id, email, first_name, last_name, tags, tag_keys, accepts_marketing, state, search_text, created_at, updated_at)
    select gen_random_uuid(), ${prefix} || g || '@example.com', ${prefix}, 'N' || g, ${tags}::text[], ${tags.map((t) => t.toLowerCase())}::text[],
      false, 'ENABLED', ${prefix} || ' N' || g || ' ' || ${prefix} || g || '@example.com', now(), now() from generate_series(1, ${n}) g`.execute(
    db,
  );
  const rows = await db
    .selectFrom('customers')
    .select(['id'])
    .where('first_name', '=', prefix)
    .orderBy('id')
    .execute();
  return rows.map((r: { id: string }) => encodeId('Customer', r.id));
}

async function tagsOf(ctx: { server: { app: { database: { db: any } } } }, prefix: string) {
  const rows = await ctx.server.app.database.db
    .selectFrom('customers')
    .select(['tags', 'tag_keys', 'version'])
    .where('first_name', '=', prefix)
    .orderBy('id')
    .execute();
  return rows as { tags: string[]; tag_keys: string[]; version: number }[];
}

describe.each(DATABASES)('customersBulkUpdate on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('adds and removes tags on a selection in one transaction, one audit event per customer changed', async () => {
    const owner = await signedIn(ctx.server);
    const ids = await seedCustomers(ctx, 'Sel', 5, ['Wholesale']);
    const added = await bulk(owner, {
      ids: ids.slice(0, 3),
      action: { addTags: ['VIP', 'vip', 'wholesale'] },
    });
    expect(added).toEqual({ changedCount: 3, job: null, userErrors: [] });
    const after = await tagsOf(ctx, 'Sel');
    expect(after.slice(0, 3).every((c) => c.tags.join() === 'Wholesale,VIP')).toBe(true);
    expect(after.slice(0, 3).every((c) => c.tag_keys.join() === 'wholesale,vip' && c.version === 2)).toBe(
      true,
    );
    expect(after.slice(3).every((c) => c.tags.join() === 'Wholesale' && c.version === 1)).toBe(true);
    // Again: nothing to change, nothing written.
    expect((await bulk(owner, { ids: ids.slice(0, 3), action: { addTags: ['vip'] } })).changedCount).toBe(0);

    const removed = await bulk(owner, { ids, action: { removeTags: ['WHOLESALE'] } });
    expect(removed.changedCount).toBe(5);
    const final = await tagsOf(ctx, 'Sel');
    expect(final.map((c) => c.tags.join())).toEqual(['VIP', 'VIP', 'VIP', '', '']);
    const events = await sql<{ n: number }>`select count(*)::int as n from audit_events
      where action = 'customer.update' and changes ? 'tags'`.execute(ctx.server.app.database.db);
    expect(events.rows[0]!.n).toBe(8);
    // Each is undoable like an edit: the customer's own history and the log read it.
    const history = await owner.request(`query($id: ID!) { customer(id: $id) { events { action } } }`, {
      id: ids[0],
    });
    expect(history.body.data?.customer.events.map((e: { action: string }) => e.action)).toContain(
      'customer.update',
    );
  });

  it('tags every customer a search finds; refuses bad input in words and changes nothing', async () => {
    const owner = await signedIn(ctx.server);
    await seedCustomers(ctx, 'Srch', 4, []);
    await seedCustomers(ctx, 'Other', 2, []);
    const found = await bulk(owner, { query: 'Srch', action: { addTags: ['Newsletter'] } });
    expect(found.changedCount).toBe(4);
    expect((await tagsOf(ctx, 'Other')).every((c) => c.tags.length === 0)).toBe(true);

    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { query: 'Srch', action: { addTags: ['a'], removeTags: ['b'] } },
        /either tags to add or tags to remove/,
      ],
      [{ query: 'Srch', action: {} }, /either tags to add or tags to remove/],
      [{ query: 'Srch', action: { addTags: [] } }, /at least one tag/],
      [{ query: 'Srch', action: { addTags: ['x'.repeat(300)] } }, /at most 255 characters/],
      [{ ids: ['nope'], action: { addTags: ['a'] } }, /does not exist/],
      [{ ids: [], query: 'Srch', action: { addTags: ['a'] } }, /either ids or a query/],
      [{ action: { addTags: ['a'] } }, /ids or a search/],
      [{ query: 'nosuchfield:1', action: { addTags: ['a'] } }, /./],
    ];
    for (const [variables, message] of cases) {
      const res = await bulk(owner, variables);
      expect(res.changedCount, JSON.stringify(variables)).toBe(0);
      expect(res.userErrors[0]?.message, JSON.stringify(variables)).toMatch(message);
    }
    expect((await tagsOf(ctx, 'Srch')).every((c) => c.tags.join() === 'Newsletter')).toBe(true);
  });

  it('needs CUSTOMERS_WRITE', async () => {
    const owner = await signedIn(ctx.server);
    const ids = await seedCustomers(ctx, 'Perm', 2, []);
    await ctx.server.createStaff({
      email: 'analyst-bulk@example.com',
      name: 'Analyst',
      password: 'a-long-analyst-password-1',
      roleKeys: ['analyst'],
    });
    const analyst = await signedIn(ctx.server, 'analyst-bulk@example.com', 'a-long-analyst-password-1');
    const res = await analyst.request(BULK, { ids, action: { addTags: ['x'] } });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'CUSTOMERS_WRITE',
    });
    expect((await tagsOf(ctx, 'Perm')).every((c) => c.tags.length === 0)).toBe(true);
    expect((await bulk(owner, { ids, action: { addTags: ['x'] } })).changedCount).toBe(2);
  });

  it('runs more than 1,000 customers as a job with progress, and refuses more than 10,000', async () => {
    const owner = await signedIn(ctx.server);
    await seedCustomers(ctx, 'Many', 1_500, ['Old']);
    const started = await bulk(owner, { query: 'Many', action: { removeTags: ['old'] } });
    expect(started).toMatchObject({
      changedCount: 0,
      userErrors: [],
      job: { kind: 'BULK_EDIT_CUSTOMERS', status: 'QUEUED', progress: { done: 0, total: 1500 } },
    });
    const done = await untilFinished(owner, started.job!.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', progress: { done: 1500, total: 1500 } });
    expect(done['report']['counts']).toContainEqual({ name: 'updated', value: 1500 });
    expect((await tagsOf(ctx, 'Many')).every((c) => c.tags.length === 0 && c.version === 2)).toBe(true);

    const tooMany = Array.from({ length: 10_001 }, (_, i) =>
      encodeId('Customer', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    );
    const refused = await bulk(owner, { ids: tooMany, action: { addTags: ['x'] } });
    expect(refused.userErrors[0]).toMatchObject({ code: 'LIMIT_EXCEEDED' });
  }, 120_000);
});
