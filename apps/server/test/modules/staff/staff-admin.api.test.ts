import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { asLimitedManager } from '../../support/limited-manager.js';
import { gql } from '../../support/order-fixtures.js';

const INVITE = `mutation($input: StaffInviteInput!) { staffInvite(input: $input) {
  staff { id email state roles { name } } path userErrors { field code message } } }`;
const ACCEPT = `mutation($token: String!, $name: String!, $password: String!) {
  invitationAccept(token: $token, name: $name, password: $password) { email userErrors { field code message } } }`;
const DEACTIVATE = `mutation($id: ID!) { staffDeactivate(id: $id) { staff { state } userErrors { code message } } }`;
const PASSWORD = 'a-long-and-new-passphrase-1';

/** SPEC §2 /settings/staff, /invite, /reset; §6: who may join, with what, and who may leave. */
describe.each(DATABASES)('running the team on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let roles: Record<string, string>;

  it('invites a person with a role, who joins through the link once', async () => {
    owner = await signedIn(ctx.server);
    roles = Object.fromEntries(
      (await gql(owner, `{ roles { id name } }`)).roles.map((r: any) => [r.name, r.id]),
    );
    const invited = (
      await gql(owner, INVITE, {
        input: { email: 'Sue@Example.com', name: 'Sue', roleIds: [roles['Support']] },
      })
    ).staffInvite;
    expect(invited.userErrors).toEqual([]);
    expect(invited.staff).toMatchObject({
      email: 'sue@example.com',
      state: 'INVITED',
      roles: [{ name: 'Support' }],
    });
    expect(invited.path).toMatch(/^\/invite\/[\w-]{43}$/);
    const token = invited.path.slice('/invite/'.length);

    // Two tabs accept at once: one account, the other is told the link is spent.
    const client = ctx.client();
    const [a, b] = await Promise.all([
      gql(client, ACCEPT, { token, name: 'Sue Port', password: PASSWORD }),
      gql(client, ACCEPT, { token, name: 'Sue Port', password: PASSWORD }),
    ]);
    const answers = [a.invitationAccept, b.invitationAccept];
    expect(answers.filter((x) => x.email === 'sue@example.com')).toHaveLength(1);
    expect(answers.find((x) => !x.email).userErrors[0].message).toMatch(/^This link is not valid any more/);
    const sue = await signedIn(ctx.server, 'sue@example.com', PASSWORD);
    const me = await gql(sue, `{ me { name permissions } }`);
    expect(me.me.name).toBe('Sue Port');
    expect(me.me.permissions).toContain('REFUNDS_WRITE');
    expect(me.me.permissions).not.toContain('STAFF_MANAGE');
  });

  it('refuses the same words for unknown, used and expired links, and bad input by field', async () => {
    const unknown = (
      await gql(ctx.client(), ACCEPT, { token: 'x'.repeat(43), name: 'X', password: PASSWORD })
    ).invitationAccept;
    expect(unknown.userErrors[0].message).toMatch(/^This link is not valid any more/);
    const taken = (
      await gql(owner, INVITE, {
        input: { email: 'sue@example.com', name: 'Sue', roleIds: [roles['Support']] },
      })
    ).staffInvite;
    expect(taken.userErrors).toMatchObject([{ field: ['input', 'email'], code: 'TAKEN' }]);
    const bad = (await gql(owner, INVITE, { input: { email: 'not an email', name: '', roleIds: [] } }))
      .staffInvite;
    expect(bad.userErrors.map((e: any) => e.field.join('.'))).toEqual([
      'input.email',
      'input.name',
      'input.roleIds',
    ]);
    const weak = (
      await gql(owner, INVITE, {
        input: { email: 'weak@example.com', name: 'Weak', roleIds: [roles['Analyst']] },
      })
    ).staffInvite;
    const short = (
      await gql(ctx.client(), ACCEPT, { token: weak.path.slice(8), name: 'Weak', password: 'short' })
    ).invitationAccept;
    expect(short.userErrors).toMatchObject([{ field: ['password'], code: 'TOO_SHORT' }]);
  });

  it('changes roles with the version, and deactivation ends the person’s sessions at once', async () => {
    const list = await gql(owner, `{ staffMembers(first: 10, query: "sue") { nodes { id version state } } }`);
    const [sue] = list.staffMembers.nodes;
    expect(sue.state).toBe('ACTIVE');
    const UPDATE = `mutation($id: ID!, $input: StaffUpdateInput!, $v: Int) { staffUpdate(id: $id, input: $input, version: $v) {
      staff { roles { name } version } userErrors { code } } }`;
    const updated = (
      await gql(owner, UPDATE, { id: sue.id, input: { roleIds: [roles['Fulfillment']] }, v: sue.version })
    ).staffUpdate;
    expect(updated.staff.roles).toEqual([{ name: 'Fulfillment' }]);
    const stale = (await gql(owner, UPDATE, { id: sue.id, input: { name: 'Sue P.' }, v: sue.version }))
      .staffUpdate;
    expect(stale.userErrors).toEqual([{ code: 'STALE_VERSION' }]);

    const session = await signedIn(ctx.server, 'sue@example.com', PASSWORD);
    // The new role counts from her next request.
    expect((await gql(session, `{ me { permissions } }`)).me.permissions).toContain('INVENTORY_WRITE');
    expect((await gql(owner, DEACTIVATE, { id: sue.id })).staffDeactivate).toEqual({
      staff: { state: 'DEACTIVATED' },
      userErrors: [],
    });
    const after = await session.request(`{ products(first: 1) { nodes { id } } }`);
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const again = await ctx.client().login('sue@example.com', PASSWORD);
    expect(JSON.stringify(again.body)).toContain('INVALID_CREDENTIALS');
    const REACTIVATE = `mutation($id: ID!) { staffReactivate(id: $id) { staff { state } userErrors { code } } }`;
    expect((await gql(owner, REACTIVATE, { id: sue.id })).staffReactivate.staff.state).toBe('ACTIVE');
  });

  it('keeps the owner, and lets a reset link set a new password once', async () => {
    const me = await gql(owner, `{ me { id } }`);
    expect((await gql(owner, DEACTIVATE, { id: me.me.id })).staffDeactivate.userErrors).toEqual([
      { code: 'LAST_OWNER', message: "The owner can't be deactivated; transfer ownership first." },
    ]);
    const [sue] = (
      await gql(owner, `{ staffMembers(first: 1, query: "email:sue@example.com") { nodes { id } } }`)
    ).staffMembers.nodes;
    const old = await signedIn(ctx.server, 'sue@example.com', PASSWORD);
    const reset = (
      await gql(
        owner,
        `mutation($id: ID!) { staffPasswordResetCreate(id: $id) { path userErrors { message } } }`,
        {
          id: sue.id,
        },
      )
    ).staffPasswordResetCreate;
    const token = reset.path.slice('/reset/'.length);
    const RESET = `mutation($t: String!, $p: String!) { passwordReset(token: $t, password: $p) { email userErrors { message } } }`;
    expect(
      (await gql(ctx.client(), RESET, { t: token, p: 'another-fresh-passphrase-2' })).passwordReset.email,
    ).toBe('sue@example.com');
    expect(
      (await gql(ctx.client(), RESET, { t: token, p: 'yet-another-passphrase-3' })).passwordReset
        .userErrors[0].message,
    ).toMatch(/^This link is not valid any more/);
    expect((await old.request(`{ me { id } }`)).body.data).toEqual({ me: null });
    await signedIn(ctx.server, 'sue@example.com', 'another-fresh-passphrase-2');
  });

  it('never lets a manager give more than they hold', async () => {
    const { staffInvite } = await import('../../../src/modules/staff/staff-admin.service.js');
    const refused = await asLimitedManager(ctx.server, ['CATALOG_READ'], (trx, actor) =>
      staffInvite(trx, actor, {
        email: 'new@example.com',
        name: 'New',
        roleIds: [decodeIdOf('Role', roles['Administrator']!)!],
      }),
    );
    expect(refused).toMatchObject({ errors: [{ code: 'ESCALATION_FORBIDDEN' }] });
  });

  it('hands ownership over once, to someone active, and only from the owner', async () => {
    const TRANSFER = `mutation($id: ID!) { ownershipTransfer(id: $id) { staff { email isOwner } userErrors { code message } } }`;
    const [sue] = (
      await gql(owner, `{ staffMembers(first: 1, query: "email:sue@example.com") { nodes { id } } }`)
    ).staffMembers.nodes;
    const [weak] = (
      await gql(owner, `{ staffMembers(first: 1, query: "email:weak@example.com") { nodes { id } } }`)
    ).staffMembers.nodes;
    expect((await gql(owner, TRANSFER, { id: weak.id })).ownershipTransfer.userErrors).toEqual([
      { code: 'INVALID_TRANSITION', message: 'Ownership goes only to someone active, who has signed in.' },
    ]);
    expect((await gql(owner, TRANSFER, { id: sue.id })).ownershipTransfer).toEqual({
      staff: { email: 'sue@example.com', isOwner: true },
      userErrors: [],
    });
    const me = await gql(owner, `{ me { id isOwner } }`);
    expect(me.me.isOwner).toBe(false);
    expect((await gql(owner, TRANSFER, { id: me.me.id })).ownershipTransfer.userErrors).toEqual([
      { code: 'LAST_OWNER', message: 'Only the owner can hand over ownership.' },
    ]);
    const [owners] = await ctx.server.app.database.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_owner', '=', true)
      .execute();
    expect(Number(owners!.n)).toBe(1);
  });
});
