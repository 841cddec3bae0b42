import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { asLimitedManager } from '../../support/limited-manager.js';
import { gql } from '../../support/order-fixtures.js';

const CREATE = `mutation($input: RoleInput!) { roleCreate(input: $input) { role { id name permissions builtIn } userErrors { field code message } } }`;
const UPDATE = `mutation($id: ID!, $input: RoleInput!, $v: Int) { roleUpdate(id: $id, input: $input, version: $v) { role { permissions } userErrors { code message } } }`;
const DELETE = `mutation($id: ID!) { roleDelete(id: $id) { deletedId userErrors { code message } } }`;

/** SPEC §6: custom roles next to the built-in ones, never more than their maker holds. */
describe.each(DATABASES)('roles on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let roleId: string;
  let staffId: string;

  it('copies a built-in role into a custom one and gives it to someone', async () => {
    owner = await signedIn(ctx.server);
    const support = (await gql(owner, `{ roles { id name permissions builtIn } }`)).roles.find(
      (r: any) => r.name === 'Support',
    );
    expect(support.builtIn).toBe(true);
    const made = (
      await gql(owner, CREATE, {
        input: { name: 'Senior support', permissions: [...support.permissions, 'AUDIT_READ'] },
      })
    ).roleCreate;
    expect(made.userErrors).toEqual([]);
    expect(made.role).toMatchObject({ name: 'Senior support', builtIn: false });
    expect(made.role.permissions).toContain('AUDIT_READ');
    roleId = made.role.id;
    const taken = (
      await gql(owner, CREATE, { input: { name: 'senior SUPPORT', permissions: ['ORDERS_READ'] } })
    ).roleCreate;
    expect(taken.userErrors).toMatchObject([{ field: ['input', 'name'], code: 'TAKEN' }]);
    const builtIn = (await gql(owner, UPDATE, { id: support.id, input: { permissions: ['ORDERS_READ'] } }))
      .roleUpdate;
    expect(builtIn.userErrors).toEqual([
      { code: 'INVALID', message: 'Built-in roles cannot be changed; copy one instead.' },
    ]);

    staffId = await ctx.server.createStaff({
      email: 'sam@example.com',
      name: 'Sam',
      password: 'senior-support-all-day',
      roleKeys: [],
    });
    const apiStaffId = `stf_${staffId.replace(/-/g, '')}`;
    const given = await gql(
      owner,
      `mutation($id: ID!, $roles: [ID!]) { staffUpdate(id: $id, input: { roleIds: $roles }) { staff { permissions } userErrors { message } } }`,
      { id: apiStaffId, roles: [roleId] },
    );
    expect(given.staffUpdate.staff.permissions).toContain('AUDIT_READ');
    const sam = await signedIn(ctx.server, 'sam@example.com', 'senior-support-all-day');
    expect((await sam.request(`{ auditEvents(first: 1) { nodes { id } } }`)).body.errors).toBeUndefined();

    // Taking AUDIT_READ away counts from Sam's next request.
    const v = (
      await gql(owner, `query($id: ID!) { node(id: $id) { ... on Role { permissions } } }`, { id: roleId })
    ).node;
    const narrowed = (
      await gql(owner, UPDATE, {
        id: roleId,
        input: { permissions: v.permissions.filter((p: string) => p !== 'AUDIT_READ') },
        v: 1,
      })
    ).roleUpdate;
    expect(narrowed.userErrors).toEqual([]);
    const refused = await sam.request(`{ auditEvents(first: 1) { nodes { id } } }`);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'AUDIT_READ',
    });
    const stale = (await gql(owner, UPDATE, { id: roleId, input: { name: 'Old' }, v: 1 })).roleUpdate;
    expect(stale.userErrors).toMatchObject([{ code: 'STALE_VERSION' }]);
  });

  it('keeps a role while someone has it, and deletes it after', async () => {
    expect((await gql(owner, DELETE, { id: roleId })).roleDelete).toEqual({
      deletedId: null,
      userErrors: [
        { code: 'HAS_DEPENDENTS', message: '1 person has this role; give them another role first.' },
      ],
    });
    const analyst = (await gql(owner, `{ roles { id name } }`)).roles.find((r: any) => r.name === 'Analyst');
    await gql(
      owner,
      `mutation($id: ID!, $roles: [ID!]) { staffUpdate(id: $id, input: { roleIds: $roles }) { userErrors { message } } }`,
      {
        id: `stf_${staffId.replace(/-/g, '')}`,
        roles: [analyst.id],
      },
    );
    expect((await gql(owner, DELETE, { id: roleId })).roleDelete).toEqual({
      deletedId: roleId,
      userErrors: [],
    });
  });

  it('never lets a manager make a role with more than they hold', async () => {
    const { roleCreate } = await import('../../../src/modules/staff/role.service.js');
    const refused = await asLimitedManager(ctx.server, ['ORDERS_READ'], (trx, actor) =>
      roleCreate(trx, actor, { name: 'Sneaky', permissions: ['ORDERS_READ', 'REFUNDS_WRITE'] }),
    );
    expect(refused).toMatchObject({
      errors: [
        {
          code: 'ESCALATION_FORBIDDEN',
          message: "You can only give permissions you hold yourself; you don't hold REFUNDS_WRITE.",
        },
      ],
    });
  });
});
