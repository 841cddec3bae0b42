import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import { exported } from './list-export-fixtures.js';
import { EXPORT_ROWS_PER_STEP } from '../../../src/modules/jobs/list-export.service.js';

describe.each(DATABASES)('list exports of customers on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('exports customers, an erased one without personal data, in several steps past a step’s rows', async () => {
    const owner = await signedIn(ctx.server);
    const create = (input: Record<string, unknown>) =>
      gql(
        owner,
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } userErrors { message } } }`,
        {
          input,
        },
      );
    const kept = await create({
      email: 'marie@example.com',
      firstName: 'Marie',
      lastName: 'Curie',
      phone: '+33123456789',
      acceptsMarketing: true,
      tags: ['vip'],
      note: 'Prefers mornings',
      addresses: [
        {
          line1: '12 Rue Cuvier',
          city: 'Paris',
          postalCode: '75005',
          countryCode: 'FR',
          company: 'Institut',
        },
      ],
    });
    expect(kept.customerCreate.userErrors).toEqual([]);
    const gone = await create({
      email: 'erase.me@example.com',
      firstName: 'Secret',
      lastName: 'Person',
      phone: '+15550001111',
      note: 'Private words',
      addresses: [
        { line1: '9 Hidden Lane', city: 'Nowhere', postalCode: '10001', region: 'NY', countryCode: 'US' },
      ],
    });
    expect(gone.customerCreate.userErrors).toEqual([]);
    const erased = await gql(
      owner,
      `mutation($id: ID!) { customerErase(id: $id, confirmation: "erase.me@example.com") { customer { email } userErrors { message } } }`,
      { id: gone.customerCreate.customer.id },
    );
    expect(erased.customerErase.userErrors).toEqual([]);

    const out = await exported(ctx.server, owner, { kind: 'EXPORT_CUSTOMERS' });
    expect(out.rows.find((r) => r['Email'] === 'marie@example.com')).toEqual({
      'First Name': 'Marie',
      'Last Name': 'Curie',
      Email: 'marie@example.com',
      Company: 'Institut',
      Address1: '12 Rue Cuvier',
      Address2: '',
      City: 'Paris',
      Province: '',
      'Country Code': 'FR',
      Zip: '75005',
      Phone: "'+33123456789",
      'Accepts Marketing': 'yes',
      'Total Spent': '0.00',
      'Total Orders': '0',
      Tags: 'vip',
      Note: 'Prefers mornings',
    });
    const erasedRow = out.rows.find((r) => r['Email'] === erased.customerErase.customer.email)!;
    expect(erasedRow).toMatchObject({ 'First Name': '', 'Last Name': '', Phone: '', Address1: '', Note: '' });
    for (const secret of ['Secret', 'Person', '5550001111', 'Hidden Lane', 'Private words', 'erase.me'])
      expect(out.text).not.toContain(secret);

    // Past a step's rows the export takes several steps, each row once.
    const bulk = EXPORT_ROWS_PER_STEP + 100;
    await sql`insert into customers (id, email, first_name, last_name, tags, tag_keys, accepts_marketing, state, created_at, updated_at)
      select gen_random_uuid(), 'bulk' || g || '@example.com', 'Bulk', 'Buyer ' || g, '{bulk}', '{bulk}', false, 'ENABLED', now(), now()
      from generate_series(1, ${bulk}::int) g`.execute(ctx.server.app.database.db);
    const many = await exported(ctx.server, owner, {
      kind: 'EXPORT_CUSTOMERS',
      query: 'tag:bulk',
      columns: ['Email'],
    });
    const emails = many.rows.map((r) => r['Email']);
    expect(emails).toHaveLength(bulk);
    expect(new Set(emails).size).toBe(bulk);
    expect(many.job['progress']).toEqual({ done: bulk, total: bulk });
    expect(many.job['report']['counts']).toEqual(
      expect.arrayContaining([
        { name: 'customers', value: bulk },
        { name: 'rows', value: bulk },
      ]),
    );
    const steps = await sql<{
      step: number;
    }>`select step from jobs where id = ${decodeIdOf('Job', many.job['id'] as string)}`.execute(
      ctx.server.app.database.db,
    );
    expect(steps.rows[0]!.step).toBe(2);
  }, 120_000);
});
