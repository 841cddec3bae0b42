import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import { settled } from '../../support/email-fixtures.js';

const INVITE = `mutation($input: StaffInviteInput!) { staffInvite(input: $input) { staff { id } path userErrors { message } } }`;
const ACCEPT = `mutation($token: String!, $name: String!, $password: String!) {
  invitationAccept(token: $token, name: $name, password: $password) { email userErrors { field code message } } }`;
const RESET = `mutation($t: String!, $p: String!) { passwordReset(token: $t, password: $p) { email userErrors { field code message } } }`;
const PASSWORD = 'a-long-and-new-passphrase-1';

/**
 * #14 item 6: used, expired, unknown (and malformed) links get the same words and do the same work.
 * Timings never decide a test, so "the same time" is shown as the same answer from the same
 * statements: one hash, one lookup, the same refusal.
 */
describe.each(DATABASES)('refused invitation and reset links on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;

  const invite = async (email: string) => {
    const roles = await gql(owner, `{ roles { id name } }`);
    const support = roles.roles.find((r: any) => r.name === 'Support').id;
    const data = await gql(owner, INVITE, { input: { email, name: 'Someone', roleIds: [support] } });
    expect(data.staffInvite.userErrors).toEqual([]);
    return {
      id: data.staffInvite.staff.id as string,
      token: data.staffInvite.path.split('/').pop() as string,
    };
  };

  /** The answer to a request and the statements it cost (the least of three tries, as other counts). */
  const attempt = async (query: string, variables: Record<string, unknown>) => {
    const database = ctx.server.app.database;
    const costs: number[] = [];
    let answer: unknown;
    for (let i = 0; i < 3; i++) {
      const before = database.queryCount();
      answer = (await ctx.client().request(query, variables)).body.data;
      costs.push(database.queryCount() - before);
    }
    return { answer, statements: Math.min(...costs) };
  };

  it('answers an invitation that was used, expired, never made, or malformed alike', async () => {
    owner = await signedIn(ctx.server);
    const used = await invite('used@example.com');
    expect(
      (await gql(ctx.client(), ACCEPT, { token: used.token, name: 'Used', password: PASSWORD }))
        .invitationAccept.email,
    ).toBe('used@example.com');
    const expired = await invite('late@example.com');
    await ctx.server.app.database.db
      .updateTable('staff_links')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('staff_id', '=', decodeIdOf('Staff', expired.id)!)
      .execute();
    // The invitations' emails go out in the background; let them, so the counts below are the links'.
    for (const to of ['used@example.com', 'late@example.com']) await settled(owner, `to:${to}`);
    const tokens = {
      used: used.token,
      expired: expired.token,
      unknown: 'A'.repeat(used.token.length),
      malformed: 'not a token at all, and much longer than one would ever be '.repeat(4),
    };
    // One after the other: statement counts are of the whole server.
    const results = [];
    for (const token of Object.values(tokens))
      results.push(await attempt(ACCEPT, { token, name: 'Late', password: PASSWORD }));
    const [first] = results;
    expect(first!.answer).toEqual({
      invitationAccept: {
        email: null,
        userErrors: [
          {
            field: ['token'],
            code: 'INVALID',
            message: expect.stringMatching(/^This link is not valid any more/),
          },
        ],
      },
    });
    for (const r of results) {
      expect(r.answer).toEqual(first!.answer);
      expect(r.statements).toBe(first!.statements);
    }
  });

  it('answers a password reset link that was used or never made alike', async () => {
    const sue = await invite('sue@example.com');
    await gql(ctx.client(), ACCEPT, { token: sue.token, name: 'Sue', password: PASSWORD });
    const reset = await gql(
      owner,
      `mutation($id: ID!) { staffPasswordResetCreate(id: $id) { path userErrors { message } } }`,
      { id: sue.id },
    );
    const token = reset.staffPasswordResetCreate.path.split('/').pop();
    expect(
      (await gql(ctx.client(), RESET, { t: token, p: 'another-fresh-passphrase-2' })).passwordReset.email,
    ).toBe('sue@example.com');
    await settled(owner, `to:sue@example.com kind:STAFF_PASSWORD_RESET`);
    const used = await attempt(RESET, { t: token, p: 'yet-another-passphrase-3' });
    const unknown = await attempt(RESET, { t: 'B'.repeat(token.length), p: 'yet-another-passphrase-3' });
    expect(unknown.answer).toEqual(used.answer);
    expect(unknown.statements).toBe(used.statements);
    expect(JSON.stringify(used.answer)).toContain('This link is not valid any more');
  });
});
