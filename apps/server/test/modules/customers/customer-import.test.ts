import { describe, expect, it } from 'vitest';
import { decodeIdOf, encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { customerImporter } from '../../../src/modules/customers/customer-import.service.js';
import {
  countAuditEvents,
  eventsOfJob,
  exportedRows,
  revertImport,
  runImport,
} from '../../support/import-run.js';

const CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id email } userErrors { field message } } }`;
const READ = `query($id: ID!) { customer(id: $id) { id email firstName lastName phone note tags acceptsMarketing
  defaultAddress { line1 city } addresses { id line1 city countryCode postalCode } } }`;

async function createCustomer(client: Client, input: Record<string, unknown>): Promise<string> {
  const res = await client.request(CREATE, { input });
  expect(res.body.data?.customerCreate.userErrors).toEqual([]);
  return res.body.data?.customerCreate.customer.id as string;
}

async function readCustomer(client: Client, id: string) {
  const res = await client.request(READ, { id });
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.customer as Record<string, any> | null;
}

/** Shopify's current customer export header. */
const SHOPIFY = [
  'First Name',
  'Last Name',
  'Email',
  'Accepts Email Marketing',
  'Default Address Company',
  'Default Address Address1',
  'Default Address Address2',
  'Default Address City',
  'Default Address Province Code',
  'Default Address Country Code',
  'Default Address Zip',
  'Default Address Phone',
  'Phone',
  'Accepts SMS Marketing',
  'Tags',
  'Note',
  'Tax Exempt',
];

/** A Shopify row from its cells by column (missing ones empty). */
const shopifyRow = (cells: Record<string, string>) => SHOPIFY.map((h) => cells[h] ?? '');

describe.each(DATABASES)('customers import on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('a Shopify file: creates, updates with before → after, leaves the unchanged, reports bad rows in words; apply writes exactly that', async () => {
    const owner = await signedIn(ctx.server);
    const ada = await createCustomer(owner, {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      tags: ['VIP'],
      addresses: [{ line1: '12 Marylebone Rd', city: 'London', postalCode: 'NW1 5LR', countryCode: 'GB' }],
    });
    const bob = await createCustomer(owner, {
      email: 'bob@example.com',
      firstName: 'Bob',
      lastName: 'Stone',
    });
    const rows = [
      SHOPIFY,
      shopifyRow({
        'First Name': 'Chloé',
        'Last Name': 'Martin',
        Email: 'chloe@example.com',
        'Accepts Email Marketing': 'yes',
        'Default Address Address1': '5 Rue de Rivoli',
        'Default Address City': 'Paris',
        'Default Address Country Code': 'FR',
        'Default Address Zip': '75004',
        'Accepts SMS Marketing': 'no',
        Tags: 'wholesale, Paris',
        'Tax Exempt': 'no',
      }),
      shopifyRow({ 'First Name': 'Dan', Email: 'dan@example.com' }),
      shopifyRow({ 'First Name': 'Eve', Email: 'eve@example.com', Phone: "'+33 1 23 45 67 89" }),
      shopifyRow({
        'First Name': 'Ada',
        'Last Name': 'Byron',
        Email: 'ADA@example.com',
        'Accepts Email Marketing': 'yes',
        'Default Address Address1': '12 marylebone rd',
        'Default Address City': 'London',
        'Default Address Country Code': 'gb',
        'Default Address Zip': 'NW1 5LR',
        Tags: 'VIP, wholesale',
      }),
      shopifyRow({
        'First Name': 'Bob',
        'Last Name': 'Stone',
        Email: 'bob@example.com',
        'Accepts Email Marketing': 'no',
      }),
      shopifyRow({ 'First Name': 'Nope', Email: 'not-an-email' }),
      shopifyRow({
        Email: 'far@example.com',
        'Default Address Address1': '1 Nowhere St',
        'Default Address City': 'Atlantis',
        'Default Address Country Code': 'XX',
        'Default Address Zip': '00000',
      }),
      shopifyRow({ 'First Name': 'Again', Email: 'Chloe@Example.com' }),
      shopifyRow({ Email: 'phone@example.com', Phone: '12345' }),
      shopifyRow({ Email: 'yesno@example.com', 'Accepts Email Marketing': 'perhaps' }),
      // Three problems on one row: each is reported, not only the first found.
      shopifyRow({ Email: 'DAN@example.com', 'Accepts Email Marketing': 'maybe', Phone: '123' }),
    ];
    const auditBefore = await countAuditEvents(ctx.server);

    const dry = await runImport(ctx.server, customerImporter, 'DRY_RUN', rows);
    expect(dry.headerProblems).toEqual([]);
    expect(dry.results.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'CREATED'],
      [3, 'CREATED'],
      [4, 'CREATED'],
      [5, 'UPDATED'],
      [6, 'UNCHANGED'],
      [7, 'ERROR'],
      [8, 'ERROR'],
      [9, 'ERROR'],
      [10, 'ERROR'],
      [11, 'ERROR'],
      [12, 'ERROR'],
    ]);
    const byRow = new Map(dry.results.map((r) => [r.row, r]));
    expect(byRow.get(5)!.changes).toEqual([
      { field: 'Last Name', before: 'Lovelace', after: 'Byron' },
      { field: 'Accepts Email Marketing', before: 'no', after: 'yes' },
      { field: 'Tags', before: 'VIP', after: 'VIP, wholesale' },
    ]);
    expect(byRow.get(5)!.subjectId).toBe(decodeIdOf('Customer', ada));
    expect(byRow.get(6)!.subjectId).toBe(decodeIdOf('Customer', bob));
    expect(byRow.get(2)!.changes).toContainEqual({
      field: 'Address',
      before: null,
      after: '5 Rue de Rivoli, Paris, 75004, FR',
    });
    expect(byRow.get(4)!.changes).toContainEqual({ field: 'Phone', before: null, after: '+33123456789' });
    expect(byRow.get(7)!.problems).toEqual([
      { column: 'Email', code: 'INVALID', message: 'Enter a valid email address, like name@example.com.' },
    ]);
    expect(byRow.get(8)!.problems).toEqual([
      { column: 'Default Address Country Code', code: 'INVALID', message: 'Choose a country from the list.' },
    ]);
    expect(byRow.get(9)!.problems).toEqual([
      {
        column: 'Email',
        code: 'TAKEN',
        message: 'Chloe@Example.com is already on row 2 of this file; a customer can be on one row only.',
      },
    ]);
    expect(byRow.get(10)!.problems).toEqual([
      {
        column: 'Phone',
        code: 'INVALID',
        message: 'Enter the number with its country code, like +1 555 010 0199.',
      },
    ]);
    expect(byRow.get(11)!.problems).toEqual([
      { column: 'Accepts Email Marketing', code: 'INVALID', message: 'Write yes or no, not “perhaps”.' },
    ]);
    expect(byRow.get(12)!.problems).toEqual([
      { column: 'Accepts Email Marketing', code: 'INVALID', message: 'Write yes or no, not “maybe”.' },
      {
        column: 'Email',
        code: 'TAKEN',
        message: 'DAN@example.com is already on row 3 of this file; a customer can be on one row only.',
      },
      {
        column: 'Phone',
        code: 'INVALID',
        message: 'Enter the number with its country code, like +1 555 010 0199.',
      },
    ]);
    // A dry run writes nothing.
    expect(await countAuditEvents(ctx.server)).toBe(auditBefore);
    expect((await readCustomer(owner, ada))!['lastName']).toBe('Lovelace');

    const applied = await runImport(ctx.server, customerImporter, 'APPLY', rows, 4);
    expect(applied.results.map((r) => [r.row, r.outcome, r.changes, r.problems])).toEqual(
      dry.results.map((r) => [r.row, r.outcome, r.changes, r.problems]),
    );
    const events = await eventsOfJob(ctx.server, applied.jobId);
    expect(events.map((e) => e.action).sort()).toEqual([
      'customer.create',
      'customer.create',
      'customer.create',
      'customer.update',
    ]);
    expect(await countAuditEvents(ctx.server)).toBe(auditBefore + 4);
    const adaNow = await readCustomer(owner, ada);
    expect(adaNow).toMatchObject({
      lastName: 'Byron',
      acceptsMarketing: true,
      tags: ['VIP', 'wholesale'],
      defaultAddress: { city: 'London' },
    });
    expect(adaNow!['addresses']).toHaveLength(1);
    const chloe = encodeId('Customer', applied.results[0]!.subjectId!);
    expect(await readCustomer(owner, chloe)).toMatchObject({
      email: 'chloe@example.com',
      firstName: 'Chloé',
      acceptsMarketing: true,
      tags: ['wholesale', 'Paris'],
      defaultAddress: { line1: '5 Rue de Rivoli', city: 'Paris' },
    });
    expect((await readCustomer(owner, encodeId('Customer', applied.results[2]!.subjectId!)))!['phone']).toBe(
      '+33123456789',
    );
    const far = await owner.request(
      `query { customers(query: "far@example.com", first: 5) { nodes { id } } }`,
    );
    expect(far.body.data?.customers.nodes).toEqual([]);

    // The same file again: what it created is there now, so everything is unchanged.
    const again = await runImport(ctx.server, customerImporter, 'DRY_RUN', rows);
    expect(again.results.filter((r) => r.outcome !== 'ERROR').map((r) => r.outcome)).toEqual(
      Array(5).fill('UNCHANGED'),
    );
  });

  it('export → import changes nothing (0 writes), formulas, erased customers and second addresses included', async () => {
    const owner = await signedIn(ctx.server);
    await createCustomer(owner, {
      email: 'formula@example.com',
      firstName: '=Mallory',
      lastName: '@home',
      phone: '+1 555 010 0199',
      note: '-3 boxes, "fragile"\nsecond line',
      tags: ['a', 'B'],
      acceptsMarketing: true,
      addresses: [
        { line1: '1 First St', city: 'Austin', region: 'TX', postalCode: '78701', countryCode: 'US' },
        { line1: '2 Second St', company: 'Acme', city: 'Dallas', postalCode: '75201', countryCode: 'US' },
      ],
    });
    const second = await createCustomer(owner, {
      email: 'second@example.com',
      addresses: [
        { line1: '1 First St', city: 'Austin', postalCode: '78701', countryCode: 'US' },
        { line1: '9 Ninth Ave', city: 'New York', region: 'NY', postalCode: '10001', countryCode: 'US' },
      ],
    });
    const addresses = (await readCustomer(owner, second))!['addresses'] as { id: string }[];
    await owner.request(
      `mutation($c: ID!, $a: ID!) { customerSetDefaultAddress(customerId: $c, addressId: $a) { userErrors { message } } }`,
      { c: second, a: addresses[1]!.id },
    );
    const erased = await createCustomer(owner, {
      email: 'gone@example.com',
      firstName: 'Gone',
      phone: '+15550100198',
    });
    const erase = await owner.request(
      `mutation($id: ID!, $c: String!) { customerErase(id: $id, confirmation: $c) { userErrors { message } } }`,
      { id: erased, c: 'gone@example.com' },
    );
    expect(erase.body.data?.customerErase.userErrors).toEqual([]);

    const rows = await exportedRows(ctx.server, owner, 'EXPORT_CUSTOMERS');
    expect(rows.length).toBeGreaterThan(3);
    const auditBefore = await countAuditEvents(ctx.server);
    const dry = await runImport(ctx.server, customerImporter, 'DRY_RUN', rows);
    expect(dry.headerProblems).toEqual([]);
    expect(dry.results.filter((r) => r.outcome !== 'UNCHANGED')).toEqual([]);
    const applied = await runImport(ctx.server, customerImporter, 'APPLY', rows);
    expect(applied.results.map((r) => r.outcome)).toEqual(Array(rows.length - 1).fill('UNCHANGED'));
    expect(await countAuditEvents(ctx.server)).toBe(auditBefore);

    // An erased customer's row that brings personal data back is refused.
    const header = rows[0]!;
    const goneRow = rows.find((r) => r[header.indexOf('Email')]!.endsWith('@erased.invalid'))!;
    const withName = goneRow.map((c, i) => (header[i] === 'First Name' ? 'Gone' : c));
    const refused = await runImport(ctx.server, customerImporter, 'DRY_RUN', [header, withName]);
    expect(refused.results[0]).toMatchObject({
      outcome: 'ERROR',
      problems: [
        {
          column: 'Email',
          code: 'INVALID_TRANSITION',
          message: "This customer's personal data was erased; their record can't be imported into.",
        },
      ],
    });
  });

  it('header problems: unknown column, a column twice, no Email', async () => {
    const problems = await ctx.server.app.database.db
      .transaction()
      .execute((trx) =>
        customerImporter.checkHeader(trx, [
          'First Name',
          'Accepts Marketing',
          'Accepts Email Marketing',
          'Shoe Size',
        ]),
      );
    expect(problems.map((p) => [p.column, p.code])).toEqual([
      ['Accepts Email Marketing', 'INVALID'],
      ['Shoe Size', 'INVALID'],
      ['Email', 'REQUIRED'],
    ]);
    expect(problems[0]!.message).toBe(
      '“Accepts Email Marketing” and “Accepts Marketing” are the same column; keep one.',
    );
  });

  it('undo: removes the customers it created and the address it added, refusing the one edited since', async () => {
    const owner = await signedIn(ctx.server);
    const kept = await createCustomer(owner, {
      email: 'kept@example.com',
      firstName: 'Kept',
      addresses: [
        { line1: '1 Old Rd', city: 'Leeds', postalCode: 'LS1 1AA', countryCode: 'GB' },
        { line1: '2 Other Rd', city: 'York', postalCode: 'YO1 1AA', countryCode: 'GB' },
      ],
    });
    const york = ((await readCustomer(owner, kept))!['addresses'] as { id: string }[])[1]!.id;
    await owner.request(
      `mutation($c: ID!, $a: ID!) { customerSetDefaultAddress(customerId: $c, addressId: $a) { userErrors { message } } }`,
      { c: kept, a: york },
    );
    const header = ['Email', 'First Name', 'Address1', 'City', 'Country Code', 'Zip'];
    const applied = await runImport(ctx.server, customerImporter, 'APPLY', [
      header,
      ['new1@example.com', 'One', '', '', '', ''],
      ['new2@example.com', 'Two', '3 Lane', 'Bath', 'GB', 'BA1 1AA'],
      ['kept@example.com', 'Kept', '4 New Rd', 'Hull', 'GB', 'HU1 1AA'],
    ]);
    expect(applied.results.map((r) => r.outcome)).toEqual(['CREATED', 'CREATED', 'UPDATED']);
    expect((await readCustomer(owner, kept))!['defaultAddress']).toEqual({ line1: '4 New Rd', city: 'Hull' });
    const two = encodeId('Customer', applied.results[1]!.subjectId!);
    const edit = await owner.request(
      `mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { userErrors { message } } }`,
      { id: two, input: { email: 'new2@example.com', note: 'Called about the order' } },
    );
    expect(edit.body.data?.customerUpdate.userErrors).toEqual([]);

    const undone = await revertImport(ctx.server, customerImporter, applied.jobId);
    expect(undone).toEqual([
      { action: 'customer.address_add', refused: null },
      {
        action: 'customer.create',
        refused: 'new2@example.com was changed since the import by Store owner; the customer is kept.',
      },
      { action: 'customer.create', refused: null },
    ]);
    expect(await readCustomer(owner, encodeId('Customer', applied.results[0]!.subjectId!))).toBeNull();
    expect(await readCustomer(owner, two)).toMatchObject({ note: 'Called about the order' });
    const keptNow = await readCustomer(owner, kept);
    expect(keptNow!['addresses'].map((a: any) => a.city)).toEqual(['Leeds', 'York']);
    expect(keptNow!['defaultAddress']).toEqual({ line1: '2 Other Rd', city: 'York' });
  });
});
