import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, createVariant, gql } from '../../support/order-fixtures.js';
import { untilFinished } from '../jobs/job-fixtures.js';

/**
 * The customers and inventory importers through the engine's API (issue #29): upload, dry-run
 * report, apply, undo of the whole import with one record changed since.
 */

const ROWS = `importRows(first: 50) { totalCount nodes { row outcome subject changes { field before after } problems { column code message } } }`;
const JOB = `id status canApply canRevert report { counts { name value } } ${ROWS}`;

async function upload(url: string, client: Client, kind: string, csv: string): Promise<string> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation($kind: ImportKind!, $file: Upload!) { importStart(kind: $kind, file: $file) { job { id } userErrors { field message } } }`,
      variables: { kind, file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([csv], { type: 'text/csv' }), `${kind.toLowerCase()}.csv`);
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'x-stockroom-csrf': '1', cookie: client.cookie! },
    body: form,
  });
  const body = (await res.json()) as {
    data?: { importStart?: { job: { id: string }; userErrors: unknown[] } };
  };
  expect(body.data?.importStart?.userErrors, JSON.stringify(body)).toEqual([]);
  return body.data!.importStart!.job.id;
}

async function finished(client: Client, id: string): Promise<Record<string, any>> {
  const job = await untilFinished(client, id);
  expect(job['status']).toBe('SUCCEEDED');
  return (await gql(client, `query($id: ID!) { job(id: $id) { ${JOB} } }`, { id })).job;
}

async function follow(client: Client, mutation: 'importApply' | 'jobRevert', id: string) {
  const data = await gql(
    client,
    `mutation($id: ID!) { ${mutation}(jobId: $id) { job { id } userErrors { field message } } }`,
    { id },
  );
  expect(data[mutation].userErrors).toEqual([]);
  return finished(client, data[mutation].job.id);
}

const counts = (job: Record<string, any>) =>
  Object.fromEntries(
    (job['report'].counts as { name: string; value: number }[]).map((c) => [c.name, c.value]),
  );

describe.each(DATABASES)('customers and inventory imports through the API on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('customers: dry run, apply, undo with one customer edited since', async () => {
    const owner = await signedIn(ctx.server);
    const csv = [
      'First Name,Last Name,Email,Accepts Marketing,Address1,City,Country Code,Zip,Phone,Tags,Note',
      'Ana,Silva,ana@example.com,yes,Rua Augusta 1,Lisboa,PT,1100-048,"\'+351 21 000 0000","vip, lisbon",',
      'Ben,Okafor,ben@example.com,no,,,,,,,"first order by phone"',
      'Bad,Email,not-an-email,no,,,,,,,',
    ].join('\n');
    const dry = await finished(owner, await upload(ctx.server.url, owner, 'CUSTOMERS', csv));
    expect(counts(dry)).toMatchObject({ rows: 3, created: 2, errors: 1 });
    expect(dry['canApply']).toBe(true);
    expect(dry['importRows'].nodes.map((r: any) => [r.row, r.outcome, r.subject])).toEqual([
      [2, 'CREATED', 'ana@example.com'],
      [3, 'CREATED', 'ben@example.com'],
      [4, 'ERROR', 'not-an-email'],
    ]);
    expect(dry['importRows'].nodes[2].problems).toEqual([
      { column: 'Email', code: 'INVALID', message: 'Enter a valid email address, like name@example.com.' },
    ]);
    const none = await gql(owner, `query { customers(query: "example.com", first: 5) { nodes { email } } }`);
    expect(none.customers.nodes).toEqual([]);

    const applied = await follow(owner, 'importApply', dry['id']);
    expect(counts(applied)).toMatchObject({ created: 2, errors: 1 });
    const found = await gql(
      owner,
      `query { customers(query: "example.com", first: 5, sortKey: EMAIL) { nodes { id email phone tags defaultAddress { city } } } }`,
    );
    expect(
      found.customers.nodes.map((c: any) => [c.email, c.phone, c.tags, c.defaultAddress?.city ?? null]),
    ).toEqual([
      ['ana@example.com', '+351210000000', ['vip', 'lisbon'], 'Lisboa'],
      ['ben@example.com', null, [], null],
    ]);
    const ben = found.customers.nodes[1].id;
    const edited = await gql(
      owner,
      `mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { userErrors { message } } }`,
      { id: ben, input: { email: 'ben@example.com', note: 'Prefers email' } },
    );
    expect(edited.customerUpdate.userErrors).toEqual([]);

    expect(applied['canRevert']).toBe(true);
    const reverted = await follow(owner, 'jobRevert', applied['id']);
    expect(counts(reverted)).toMatchObject({ reverted: 1, errors: 1 });
    const refused = reverted['importRows'].nodes.find((r: any) => r.outcome === 'ERROR');
    expect(refused.problems[0].message).toMatch(
      /^ben@example\.com was changed since the import by .+; the customer is kept\.$/,
    );
    const left = await gql(
      owner,
      `query { customers(query: "example.com", first: 5) { nodes { email note } } }`,
    );
    expect(left.customers.nodes).toEqual([{ email: 'ben@example.com', note: 'Prefers email' }]);
  });

  it('inventory: dry run, apply, undo with one level moved since; export columns read back', async () => {
    const owner = await signedIn(ctx.server);
    const depot = await createLocation(owner, 'API Depot');
    const lamp = await createVariant(owner, { sku: 'API-LAMP', price: '40.00', stock: { [depot]: 4 } });
    await createVariant(owner, { sku: 'API-MUG', price: '9.00', stock: { [depot]: 2 } });
    const csv = [
      'SKU;Location;On hand;Delta;Reason',
      'API-LAMP;API Depot;10;;',
      'API-MUG;API Depot;;+3;Received',
      'API-MUG;Nowhere;1;;',
    ].join('\n');
    const dry = await finished(owner, await upload(ctx.server.url, owner, 'INVENTORY', csv));
    expect(dry['importRows'].nodes.map((r: any) => [r.outcome, r.subject, r.changes, r.problems])).toEqual([
      ['UPDATED', 'API-LAMP at API Depot', [{ field: 'On hand', before: '4', after: '10' }], []],
      ['UPDATED', 'API-MUG at API Depot', [{ field: 'On hand', before: '2', after: '5' }], []],
      [
        'ERROR',
        'API-MUG at Nowhere',
        [],
        [{ column: 'Location', code: 'INVALID', message: 'There is no location named “Nowhere”.' }],
      ],
    ]);
    const applied = await follow(owner, 'importApply', dry['id']);
    expect(counts(applied)).toMatchObject({ updated: 2, errors: 1 });
    const sold = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'SHRINKAGE', changes: [{ variantId: lamp, locationId: depot, delta: -2 }] } },
    );
    expect(sold.inventoryAdjust.userErrors).toEqual([]);
    const reverted = await follow(owner, 'jobRevert', applied['id']);
    expect(counts(reverted)).toMatchObject({ reverted: 1, errors: 1 });
    expect(reverted['importRows'].nodes.find((r: any) => r.outcome === 'ERROR').problems[0].message).toBe(
      '2 units were sold or moved since at API-LAMP at API Depot; adjust it on the Inventory page.',
    );
    const levels = await gql(
      owner,
      `query { inventoryLevels(first: 10, query: "API-") { nodes { onHand variant { sku } location { name } } } }`,
    );
    const at = (sku: string) =>
      levels.inventoryLevels.nodes.find((l: any) => l.variant.sku === sku && l.location.name === 'API Depot')
        .onHand;
    expect(at('API-LAMP')).toBe(8);
    expect(at('API-MUG')).toBe(2);
  });
});
