import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Client, DATABASES, signedIn, useServer } from '../helpers.js';
import { memoryRateLimiter } from '../../src/lib/rate-limit.js';

describe.each(DATABASES)('transport, limits and errors on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('serves /healthz and /readyz, and a request id on every response', async () => {
    const health = await fetch(`${ctx.server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${ctx.server.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('refuses a POST without the CSRF header before executing it', async () => {
    const before = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await ctx
      .client()
      .request(
        `mutation { login(email: "owner@example.com", password: "correct-horse-battery-9") { staff { id } } }`,
        {},
        { csrf: false },
      );
    expect(res.status).toBe(403);
    expect(res.body.data).toBeUndefined();
    expect(res.headers.get('set-cookie')).toBeNull();
    const after = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers GET queries but never runs a mutation from GET', async () => {
    const client = await signedIn(ctx.server);
    const query = await client.request(`{ shop { name } }`, {}, { method: 'GET', csrf: false });
    expect(query.status).toBe(200);
    expect(query.body.data).toEqual({ shop: { name: 'My store' } });
    const mutation = await client.request(
      `mutation { logout { userErrors { code } } }`,
      {},
      { method: 'GET', csrf: false },
    );
    expect(mutation.status).toBe(405);
    expect((await client.request(`{ me { email } }`)).body.data).toEqual({
      me: { email: 'owner@example.com' },
    });
  });

  it('reports extensions.cost on responses', async () => {
    const client = await signedIn(ctx.server);
    const res = await client.request(`{ me { id roles { name } } shop { name } }`);
    // Requested charges me.roles by how many roles exist (a person can hold them all); actual is what came back.
    const roles = (
      await ctx.server.app.database.db
        .selectFrom('roles')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(res.body.extensions?.['cost']).toEqual({
      requestedQueryCost: 2 + roles,
      actualQueryCost: 3,
      throttleStatus: { maximumAvailable: 20000, currentlyAvailable: expect.any(Number), restoreRate: 1000 },
    });
  });

  it('refuses queries deeper than 12, with more than 30 aliases, or over 5,000 tokens', async () => {
    const client = await signedIn(ctx.server);
    const nested = (n: number) => `{ ${'me { '.repeat(n)}id${' }'.repeat(n)} }`;
    const depthRes = await client.request(nested(12)); // 13 levels counting the leaf
    expect(depthRes.body.errors).toContainEqual(
      expect.objectContaining({
        message: 'This request is too large.',
        extensions: expect.objectContaining({ code: 'QUERY_TOO_COMPLEX' }),
      }),
    );
    expect(JSON.stringify((await client.request(nested(11))).body.errors)).not.toContain('QUERY_TOO_COMPLEX');
    const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: shop { name }`).join(' ')} }`;
    const aliasRes = await client.request(aliases);
    expect(aliasRes.body.errors?.[0]).toMatchObject({
      message: 'This request is too large.',
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
    const tokens = `{ ${Array.from({ length: 2600 }, () => 'shop { name }').join(' ')} }`;
    const tokenRes = await client.request(tokens);
    expect(tokenRes.body.errors?.[0]).toMatchObject({
      message: 'This request is too large.',
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
  });

  it('turns introspection and field suggestions off outside development', async () => {
    const client = await signedIn(ctx.server);
    const intro = await client.request(`{ __schema { types { name } } }`);
    expect(intro.body.data ?? null).toBeNull();
    expect(intro.body.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await client.request(`{ shopp { name } }`);
    expect(typo.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  it('answers THROTTLED with HTTP 429 when the caller’s bucket is empty', async () => {
    const client = await signedIn(ctx.server);
    const original = ctx.server.app.services.rateLimiter;
    ctx.server.app.services.rateLimiter = memoryRateLimiter({ size: 5, restorePerSecond: 1 });
    try {
      const res = await client.request(
        `{ a: me { id } b: me { id } c: me { id } d: me { id } e: me { id } f: me { id } }`,
      );
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/^Too many requests; retrying in \d+ s\.$/),
        extensions: { code: 'THROTTLED', retryAfter: expect.any(Number) },
      });
    } finally {
      ctx.server.app.services.rateLimiter = original;
    }
  });

  it('answers UNAUTHENTICATED for protected fields when signed out, and me is null', async () => {
    const client = new Client(ctx.server.url);
    const res = await client.request(`{ me { id } shop { name } }`);
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' }, path: ['shop'] });
    expect((await client.request(`{ me { id } }`)).body.data).toEqual({ me: null });
  });

  it('masks unexpected errors with the request id and never sends a stack trace (runs last: breaks the database)', async () => {
    const client = await signedIn(ctx.server);
    await sql`alter table store_settings rename to store_settings_gone`.execute(ctx.server.app.database.db);
    try {
      const res = await client.request(
        `{ shop { name } }`,
        {},
        { headers: { 'x-request-id': 'test-request-0001' } },
      );
      expect(res.body.errors).toEqual([
        {
          message: 'Something went wrong on our side. Reference: test-request-0001',
          path: ['shop'],
          extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'test-request-0001' },
        },
      ]);
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/store_settings|stack|at .*\.ts|relation/);
    } finally {
      await sql`alter table store_settings_gone rename to store_settings`.execute(ctx.server.app.database.db);
    }
  });
});
