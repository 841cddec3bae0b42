import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer } from '../../helpers.js';

describe.each(DATABASES)('audit log on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  const events = () =>
    ctx.server.app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('records login, failed login, password change and logout with actor, request id and ip', async () => {
    const client = await signedIn(ctx.server);
    await ctx.client().login(ctx.server.ownerEmail, 'wrong-password-xx');
    await client.request(
      `mutation { passwordChange(currentPassword: "correct-horse-battery-9", newPassword: "another-good-passphrase") { userErrors { code } } }`,
      {},
      { headers: { 'x-request-id': 'req-password-change-1' } },
    );
    await client.request(`mutation { logout { userErrors { code } } }`);
    const all = await events();
    const actions = all.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.create',
        'staff.login',
        'staff.login_failed',
        'staff.password_change',
        'staff.logout',
      ]),
    );
    const owner = await ctx.server.app.database.db
      .selectFrom('staff')
      .select('id')
      .where('is_owner', '=', true)
      .executeTakeFirstOrThrow();
    const login = all.find((e) => e.action === 'staff.login')!;
    expect(login).toMatchObject({
      actor_type: 'staff',
      actor_id: owner.id,
      subject_type: 'Session',
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(login.request_id).toBeTruthy();
    const change = all.find((e) => e.action === 'staff.password_change')!;
    expect(change).toMatchObject({
      actor_id: owner.id,
      subject_id: owner.id,
      request_id: 'req-password-change-1',
    });
    expect(change.changes).toMatchObject({ password: { before: '[hidden]', after: '[hidden]' } });
    expect(JSON.stringify(all)).not.toMatch(/another-good-passphrase|correct-horse|\$argon2/);
    const failed = all.find((e) => e.action === 'staff.login_failed')!;
    expect(failed).toMatchObject({ actor_type: 'api', subject_id: owner.id });
  });

  it('records a profile change with per-field before and after', async () => {
    const client = await signedIn(ctx.server, ctx.server.ownerEmail, 'another-good-passphrase');
    await client.request(`mutation { accountUpdate(input: { name: "Olive" }) { userErrors { code } } }`);
    const event = (await events()).find((e) => e.action === 'staff.update')!;
    expect(event.changes).toEqual({ name: { before: 'Store owner', after: 'Olive' } });
  });

  it('writes nothing when a mutation is refused', async () => {
    const before = (await events()).length;
    const client = await signedIn(ctx.server, ctx.server.ownerEmail, 'another-good-passphrase');
    const afterLogin = (await events()).length;
    expect(afterLogin).toBe(before + 1);
    await client.request(`mutation { accountUpdate(input: { name: "" }) { userErrors { code } } }`);
    await client.request(
      `mutation { passwordChange(currentPassword: "nope-nope-nope", newPassword: "x") { userErrors { code } } }`,
    );
    expect((await events()).length).toBe(afterLogin);
  });

  it('is append-only in the database itself', async () => {
    const db = ctx.server.app.database.db;
    await expect(sql`update audit_events set action = 'tampered'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe('reading the audit log', () => {
  const ctx = useServer();

  it('lists events newest first for AUDIT_READ, by subject; a customer timeline needs only CUSTOMERS_READ', async () => {
    const owner = await signedIn(ctx.server);
    const created = await owner.request(
      `mutation { customerCreate(input: { email: "tl@example.com", firstName: "Tim" }) { customer { id } } }`,
    );
    const id = created.body.data?.customerCreate.customer.id;
    await owner.request(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { firstName: "Timothy" }) { userErrors { code } } }`,
      { id },
    );
    const log = await owner.request(
      `query($id: ID!) { auditEvents(subjectId: $id, first: 10) { nodes { action actorName subjectId changes { field before after } } } }`,
      { id },
    );
    expect(log.body.data?.auditEvents.nodes[0]).toEqual({
      action: 'customer.update',
      actorName: 'Store owner',
      subjectId: id,
      changes: [{ field: 'first_name', before: '"Tim"', after: '"Timothy"' }],
    });
    expect(log.body.data?.auditEvents.nodes[1].action).toBe('customer.create');
    await ctx.server.createStaff({
      email: 'sup@example.com',
      name: 'Sup',
      password: 'support-password-1',
      roleKeys: ['support'],
    });
    const support = await signedIn(ctx.server, 'sup@example.com', 'support-password-1');
    const timeline = await support.request(`query($id: ID!) { customer(id: $id) { events { action } } }`, {
      id,
    });
    expect(timeline.body.data?.customer.events.map((e: any) => e.action)).toEqual([
      'customer.update',
      'customer.create',
    ]);
    const whole = await support.request(`{ auditEvents(first: 5) { nodes { action } } }`);
    expect(whole.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', permission: 'AUDIT_READ' });
  });
});
