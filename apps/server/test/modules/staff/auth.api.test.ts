import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { forgetViewers } from '../../../src/modules/staff/viewer-cache.js';
import { Client, DATABASES, signedIn, useServer } from '../../helpers.js';

const ME = `{ me { id email name permissions roles { name } sessions { id current } version } }`;

describe.each(DATABASES)('sign-in and sessions on $name', ({ postgresUrl }) => {
  // With REDIS_URL set, the sign-in throttle keeps its counts in Redis.
  const ctx = useServer({ postgresUrl, config: { redisUrl: process.env['REDIS_URL'] } });

  it('signs in, sets an HttpOnly SameSite=Lax session cookie, and me answers', async () => {
    const client = ctx.client();
    const res = await client.login('OWNER@example.com ', ctx.server.ownerPassword);
    expect(res.body.data?.['login']).toMatchObject({ staff: { email: 'owner@example.com' }, userErrors: [] });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^stockroom_session=[\w-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=43200');
    const me = await client.request(ME);
    expect(me.body.data?.me).toMatchObject({
      email: 'owner@example.com',
      roles: [{ name: 'Administrator' }],
    });
    expect(me.body.data?.me.permissions).toHaveLength(20);
    expect(me.body.data?.me.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it('stores only a hash of the session token', async () => {
    const client = await signedIn(ctx.server);
    const token = client.cookie!.split('=')[1]!;
    const rows = await ctx.server.app.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Buffer.from(r.token_hash).toString('utf8')).not.toContain(token);
    expect(rows.every((r) => r.token_hash.length === 32)).toBe(true);
  });

  it('answers the same words for an unknown email and a wrong password', async () => {
    const wrong = await ctx.client().login('owner@example.com', 'not-the-password-1');
    const unknown = await ctx.client().login('nobody@example.com', 'not-the-password-1');
    const expected = [{ field: null, code: 'INVALID_CREDENTIALS', message: 'Email or password is wrong.' }];
    expect(wrong.body.data?.['login']).toEqual({ staff: null, userErrors: expected });
    expect(unknown.body.data?.['login']).toEqual({ staff: null, userErrors: expected });
  });

  it('throttles the sixth wrong password in a row, and the right one too while blocked', async () => {
    await ctx.server.createStaff({
      email: 'victim@example.com',
      name: 'V',
      password: 'victim-password-77',
      roleKeys: ['support'],
    });
    const client = ctx.client();
    for (let i = 0; i < 5; i++) {
      const res = await client.login('victim@example.com', `wrong-password-${i}`);
      expect((res.body.data?.['login'] as any).userErrors[0].code).toBe('INVALID_CREDENTIALS');
    }
    const sixth = await client.login('victim@example.com', 'wrong-password-6');
    expect((sixth.body.data?.['login'] as any).userErrors[0]).toMatchObject({
      code: 'LOGIN_THROTTLED',
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ s\.$/),
    });
    const right = await client.login('victim@example.com', 'victim-password-77');
    expect((right.body.data?.['login'] as any).userErrors[0].code).toBe('LOGIN_THROTTLED');
    expect(client.cookie).toBeNull();
    // An unknown email is throttled alike, so throttling does not reveal which emails exist.
    for (let i = 0; i < 5; i++) await client.login('ghost@example.com', `wrong-password-${i}`);
    const ghost = await client.login('ghost@example.com', 'wrong-password-6');
    expect((ghost.body.data?.['login'] as any).userErrors[0].code).toBe('LOGIN_THROTTLED');
  });

  it('refuses deactivated staff with the same words', async () => {
    const id = await ctx.server.createStaff({
      email: 'gone@example.com',
      name: 'G',
      password: 'gone-password-123',
      roleKeys: [],
    });
    await ctx.server.app.database.db
      .updateTable('staff')
      .set({ state: 'DEACTIVATED' })
      .where('id', '=', id)
      .execute();
    const res = await ctx.client().login('gone@example.com', 'gone-password-123');
    expect((res.body.data?.['login'] as any).userErrors[0].code).toBe('INVALID_CREDENTIALS');
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const client = await signedIn(ctx.server);
    const stolen = new Client(ctx.server.url);
    stolen.cookie = client.cookie;
    const res = await client.request(`mutation { logout { userErrors { code } } }`);
    expect(res.headers.get('set-cookie')).toMatch(/^stockroom_session=; .*Max-Age=0/);
    expect((await stolen.request(ME)).body.data?.me).toBeNull();
  });

  it('ends sessions idle for 2 hours and those older than 12 hours', async () => {
    const db = ctx.server.app.database.db;
    const idle = await signedIn(ctx.server);
    const old = await signedIn(ctx.server);
    const [idleSession] = (await idle.request(ME)).body.data?.me.sessions.filter((s: any) => s.current);
    const [oldSession] = (await old.request(ME)).body.data?.me.sessions.filter((s: any) => s.current);
    const uuid = (id: string) => id.slice(4).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '121 minutes'` })
      .where('id', '=', uuid(idleSession.id))
      .execute();
    await db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', uuid(oldSession.id))
      .execute();
    // Written past the server, as time passing would: its 2-second memory of live sessions is
    // forgotten, as it would be 2 s later (the next test checks that bound).
    forgetViewers(db);
    expect((await idle.request(ME)).body.data?.me).toBeNull();
    expect((await old.request(ME)).body.data?.me).toBeNull();
    const refused = await idle.request(`{ shop { name } }`);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Your session has ended. Sign in again.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('remembers a live session for 2 s at most, and forgets it at once after a mutation here', async () => {
    const db = ctx.server.app.database.db;
    const client = await signedIn(ctx.server);
    const [session] = (await client.request(ME)).body.data?.me.sessions.filter((s: any) => s.current);
    const uuid = session.id.slice(4).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
    // Ended by another server process (written past this one): this one knows within 2 s.
    await db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', uuid)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await client.request(ME)).body.data?.me).toBeNull();

    // Ended here by a mutation: the next request is refused at once.
    const other = await signedIn(ctx.server);
    const owner = await signedIn(ctx.server);
    const [otherSession] = (await other.request(ME)).body.data?.me.sessions.filter((s: any) => s.current);
    expect((await other.request(ME)).body.data?.me).not.toBeNull();
    const revoked = await owner.request(
      `mutation($id: ID!) { sessionRevoke(id: $id) { userErrors { message } } }`,
      { id: otherSession.id },
    );
    expect(revoked.body.errors).toBeUndefined();
    expect((await other.request(ME)).body.data?.me).toBeNull();
  });

  it('changes the password: every rule at once, then success ends the other sessions', async () => {
    await ctx.server.createStaff({
      email: 'pat@example.com',
      name: 'Pat',
      password: 'pat-password-1234',
      roleKeys: ['analyst'],
    });
    const a = await signedIn(ctx.server, 'pat@example.com', 'pat-password-1234');
    const b = await signedIn(ctx.server, 'pat@example.com', 'pat-password-1234');
    const change = `mutation($c: String!, $n: String!) { passwordChange(currentPassword: $c, newPassword: $n) {
      staff { id } userErrors { field code message } } }`;
    const bad = await a.request(change, { c: 'wrong-current-pw', n: 'short' });
    expect(bad.body.data?.passwordChange.userErrors).toEqual([
      { field: ['currentPassword'], code: 'INVALID', message: 'Your current password is wrong.' },
      { field: ['newPassword'], code: 'TOO_SHORT', message: 'Use at least 12 characters.' },
    ]);
    const common = await a.request(change, { c: 'pat-password-1234', n: 'password1234' });
    expect(common.body.data?.passwordChange.userErrors[0]).toMatchObject({
      field: ['newPassword'],
      code: 'INVALID',
    });
    const asEmail = await a.request(change, { c: 'pat-password-1234', n: 'pat@example.com' });
    expect(asEmail.body.data?.passwordChange.userErrors[0].message).toMatch(/email/);
    const ok = await a.request(change, { c: 'pat-password-1234', n: 'a-much-better-passphrase' });
    expect(ok.body.data?.passwordChange.userErrors).toEqual([]);
    expect((await a.request(ME)).body.data?.me.email).toBe('pat@example.com');
    expect((await b.request(ME)).body.data?.me).toBeNull();
    expect(
      (await ctx.client().login('pat@example.com', 'pat-password-1234')).body.data?.['login'],
    ).toMatchObject({
      staff: null,
    });
    const relogin = await ctx.client().login('pat@example.com', 'a-much-better-passphrase');
    expect((relogin.body.data?.['login'] as any).staff.email).toBe('pat@example.com');
  });

  it('updates the own profile with optimistic concurrency', async () => {
    const client = await signedIn(ctx.server);
    const { version } = (await client.request(ME)).body.data?.me;
    const update = `mutation($input: AccountUpdateInput!) { accountUpdate(input: $input) {
      staff { name version } userErrors { field code message } } }`;
    const empty = await client.request(update, { input: { name: '   ', version } });
    expect(empty.body.data?.accountUpdate.userErrors).toEqual([
      { field: ['input', 'name'], code: 'REQUIRED', message: 'Enter a name.' },
    ]);
    const ok = await client.request(update, { input: { name: ' Olivia Owner ', version } });
    expect(ok.body.data?.accountUpdate).toEqual({
      staff: { name: 'Olivia Owner', version: version + 1 },
      userErrors: [],
    });
    const stale = await client.request(update, { input: { name: 'Someone else', version } });
    expect(stale.body.data?.accountUpdate.userErrors[0]).toMatchObject({
      code: 'STALE_VERSION',
      message: 'Someone else changed this profile since you opened it.',
    });
    expect((await client.request(ME)).body.data?.me.name).toBe('Olivia Owner');
  });

  it('signs out of all other sessions, and refuses ending another person’s without STAFF_MANAGE', async () => {
    await ctx.server.createStaff({
      email: 'sam@example.com',
      name: 'Sam',
      password: 'sam-password-1234',
      roleKeys: ['fulfillment'],
    });
    const here = await signedIn(ctx.server, 'sam@example.com', 'sam-password-1234');
    const there = await signedIn(ctx.server, 'sam@example.com', 'sam-password-1234');
    const res = await here.request(
      `mutation { sessionRevoke(allOthers: true) { revokedCount userErrors { code } } }`,
    );
    expect(res.body.data?.sessionRevoke).toEqual({ revokedCount: 1, userErrors: [] });
    expect((await there.request(ME)).body.data?.me).toBeNull();
    expect((await here.request(ME)).body.data?.me.email).toBe('sam@example.com');

    const owner = await signedIn(ctx.server);
    const [ownerSession] = (await owner.request(ME)).body.data?.me.sessions;
    const refused = await here.request(`mutation($id: ID!) { sessionRevoke(id: $id) { revokedCount } }`, {
      id: ownerSession.id,
    });
    expect(refused.body.errors?.[0]).toMatchObject({
      message: "You don't have permission to manage staff. Ask a staff manager for STAFF_MANAGE.",
      extensions: { code: 'FORBIDDEN', permission: 'STAFF_MANAGE' },
    });
    expect((await owner.request(ME)).body.data?.me.email).toBe('owner@example.com');
  });
});
