import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer } from '../../helpers.js';

const FIELDS = `id email displayName phone tags state version acceptsMarketing
  addresses { id line1 city countryCode countryName postalCode } defaultAddress { id city }`;
const CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { ${FIELDS} } userErrors { field code message relatedId } } }`;

describe.each(DATABASES)('customers on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('creates a customer with two addresses, sets the default, tags, and finds them by phone', async () => {
    await ctx.server.createStaff({
      email: 'help@example.com',
      name: 'Help Desk',
      password: 'support-password-1',
      roleKeys: ['support'],
    });
    const support = await signedIn(ctx.server, 'help@example.com', 'support-password-1');
    const created = await support.request(CREATE, {
      input: {
        email: 'Ada.Lovelace@Example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+44 20 7946 0958',
        tags: ['VIP', 'vip', 'wholesale'],
        addresses: [
          { line1: '12 Marylebone Rd', city: 'London', postalCode: 'NW1 5LR', countryCode: 'gb' },
          { line1: '5 Rue de Rivoli', city: 'Paris', postalCode: '75004', countryCode: 'FR' },
        ],
      },
    });
    const customer = created.body.data?.customerCreate.customer;
    expect(created.body.data?.customerCreate.userErrors).toEqual([]);
    expect(customer).toMatchObject({
      email: 'Ada.Lovelace@Example.com',
      displayName: 'Ada Lovelace',
      phone: '+442079460958',
      tags: ['VIP', 'wholesale'],
      defaultAddress: { city: 'London' },
    });
    expect(customer.addresses.map((a: any) => a.countryName)).toEqual(['United Kingdom', 'France']);
    const paris = customer.addresses[1].id;
    const def = await support.request(
      `mutation($c: ID!, $a: ID!) { customerSetDefaultAddress(customerId: $c, addressId: $a) { customer { defaultAddress { city } } userErrors { message } } }`,
      { c: customer.id, a: paris },
    );
    expect(def.body.data?.customerSetDefaultAddress.customer.defaultAddress.city).toBe('Paris');
    const find = async (q: string) =>
      (
        await support.request(
          `query($q: String) { customers(query: $q, first: 5) { nodes { displayName } userErrors { message } } }`,
          { q },
        )
      ).body.data?.customers;
    expect((await find('+44 20 7946 0958')).nodes).toEqual([{ displayName: 'Ada Lovelace' }]);
    expect((await find('7946')).nodes).toEqual([]);
    expect((await find('20 7946 0958')).nodes).toEqual([{ displayName: 'Ada Lovelace' }]);
    expect((await find('lovel')).nodes).toEqual([{ displayName: 'Ada Lovelace' }]);
    expect((await find('tag:vip country:FR')).nodes).toEqual([{ displayName: 'Ada Lovelace' }]);
    expect((await find('eyes:blue')).userErrors[0].message).toMatch(
      /^Unknown field "eyes"\. Known fields: accepts_marketing, country, created_at/,
    );
  });

  it('checks every rule at once: unique email (with a link), E.164 phone, country, postal code', async () => {
    const owner = await signedIn(ctx.server);
    const taken = await owner.request(CREATE, { input: { email: 'ADA.LOVELACE@example.com' } });
    const err = taken.body.data?.customerCreate.userErrors[0];
    expect(err).toMatchObject({
      field: ['input', 'email'],
      code: 'TAKEN',
      message: 'This email is already used by Ada Lovelace.',
    });
    expect(err.relatedId).toMatch(/^cus_/);
    const bad = await owner.request(CREATE, {
      input: {
        email: 'not-an-email',
        phone: '555-0100',
        addresses: [
          { line1: '1 Main St', city: 'Springfield', countryCode: 'XX' },
          { line1: '2 Main St', city: 'Springfield', countryCode: 'US' },
          { line1: 'Gate 4', city: 'Dubai', countryCode: 'AE' },
        ],
      },
    });
    expect(
      bad.body.data?.customerCreate.userErrors.map((e: any) => `${e.field.join('.')}: ${e.message}`),
    ).toEqual([
      'input.email: Enter a valid email address, like name@example.com.',
      'input.phone: Enter the number with its country code, like +1 555 010 0199.',
      'input.addresses.0.countryCode: Choose a country from the list.',
      'input.addresses.1.postalCode: Enter the postal code.',
    ]);
  });

  it('disables and enables; read-only roles cannot write; erasing needs CUSTOMERS_ERASE', async () => {
    const owner = await signedIn(ctx.server);
    const { id } = (await owner.request(`{ customers(query: "lovelace", first: 1) { nodes { id } } }`)).body
      .data?.customers.nodes[0];
    const disabled = await owner.request(
      `mutation($id: ID!) { customerDisable(id: $id) { customer { state } } }`,
      { id },
    );
    expect(disabled.body.data?.customerDisable.customer.state).toBe('DISABLED');
    await owner.request(`mutation($id: ID!) { customerEnable(id: $id) { customer { state } } }`, { id });
    await ctx.server.createStaff({
      email: 'numbers@example.com',
      name: 'N',
      password: 'analyst-password-1',
      roleKeys: ['analyst'],
    });
    const analyst = await signedIn(ctx.server, 'numbers@example.com', 'analyst-password-1');
    expect(
      (await analyst.request(`query($id: ID!) { customer(id: $id) { email } }`, { id })).body.data?.customer
        .email,
    ).toBe('Ada.Lovelace@Example.com');
    const write = await analyst.request(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { note: "x" }) { userErrors { code } } }`,
      { id },
    );
    expect(write.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'CUSTOMERS_WRITE',
    });
    const support = await signedIn(ctx.server, 'help@example.com', 'support-password-1');
    const erase = await support.request(
      `mutation($id: ID!) { customerErase(id: $id, confirmation: "ada.lovelace@example.com") { userErrors { code } } }`,
      { id },
    );
    expect(erase.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'CUSTOMERS_ERASE',
    });
  });

  it('erases personal data from every table that held it, keeping the record', async () => {
    const owner = await signedIn(ctx.server);
    const { id } = (await owner.request(`{ customers(query: "lovelace", first: 1) { nodes { id } } }`)).body
      .data?.customers.nodes[0];
    await owner.request(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { note: "Prefers calls at +44 20 7946 0958", lastName: "King" }) { userErrors { code } } }`,
      { id },
    );
    await owner.request(
      `mutation($id: ID!) { customerCommentAdd(customerId: $id, body: "Ada called about her order") { userErrors { code } } }`,
      { id },
    );
    const wrong = await owner.request(
      `mutation($id: ID!) { customerErase(id: $id, confirmation: "someone@else.com") { userErrors { field message } } }`,
      { id },
    );
    expect(wrong.body.data?.customerErase.userErrors).toEqual([
      { field: ['confirmation'], message: "Type the customer's email address exactly to confirm." },
    ]);
    const erased = await owner.request(
      `mutation($id: ID!) { customerErase(id: $id, confirmation: "ada.lovelace@example.com") { customer { state displayName email phone addresses { id } } userErrors { message } } }`,
      { id },
    );
    expect(erased.body.data?.customerErase.customer).toMatchObject({
      state: 'ERASED',
      displayName: 'Erased customer',
      phone: null,
      addresses: [],
    });
    const db = ctx.server.app.database.db;
    const pii = ['ada', 'lovelace', 'king', '7946', 'marylebone', 'rivoli', 'nw1'];
    const dump = JSON.stringify({
      customers: await db.selectFrom('customers').selectAll().execute(),
      addresses: await db.selectFrom('customer_addresses').selectAll().execute(),
      comments: await db.selectFrom('customer_comments').selectAll().execute(),
      audit: await db.selectFrom('audit_events').selectAll().where('subject_type', '=', 'Customer').execute(),
    })
      .toLowerCase()
      // ids, request ids and the placeholder email are hex, and hex can spell "ada"
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/erased-[0-9a-f]+@/g, 'erased-<hex>@');
    for (const word of pii) expect(dump, word).not.toContain(word);
    const list = await owner.request(`{ customers(first: 10) { nodes { displayName } } }`);
    expect(JSON.stringify(list.body.data)).not.toMatch(/Ada|Lovelace/);
    const again = await owner.request(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { firstName: "Ada" }) { userErrors { code } } }`,
      { id },
    );
    expect(again.body.data?.customerUpdate.userErrors[0].code).toBe('INVALID_TRANSITION');
    await expect(sql`update audit_events set changes = '{}'`.execute(db)).rejects.toThrow(/append-only/);
  });
});
