import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';

/**
 * Dates in searches are days in the store's time zone (SPEC §7.4): `created_at:2026-11-01` is that
 * day on the store's clock, `-1d` is yesterday there, both resolved in SQL against now(). Records
 * sit a microsecond either side of the store's midnights, so a day taken in UTC (or the server's
 * zone) finds the wrong ones.
 */

/** Calendar records: the local time each is created at, in the store's zone. */
const CALENDAR: Record<string, string> = {
  'oct31-late': '2026-10-31 23:59:59.999999',
  'nov1-early': '2026-11-01 00:00:00',
  'nov1-noon': '2026-11-01 12:00:00',
  'nov1-late': '2026-11-01 23:59:59.999999',
  'nov2-early': '2026-11-02 00:00:00',
};

/** The store's midnight starting today, as a local time (timestamp without zone). */
const today = (tz: string) => sql`date_trunc('day', now() at time zone ${tz}::text)`;
/** Relative records: when each is created, on the database's clock in the store's zone. */
const RELATIVE: Record<string, (tz: string) => RawBuilder<unknown>> = {
  'two-days-ago-late': (tz) =>
    sql`(${today(tz)} - interval '1 day' - interval '1 microsecond') at time zone ${tz}::text`,
  'yesterday-early': (tz) => sql`(${today(tz)} - interval '1 day') at time zone ${tz}::text`,
  'yesterday-late': (tz) => sql`(${today(tz)} - interval '1 microsecond') at time zone ${tz}::text`,
  'today-early': (tz) => sql`${today(tz)} at time zone ${tz}::text`,
  'hours-ago-11': () => sql`now() - interval '11 hours'`,
  'hours-ago-13': () => sql`now() - interval '13 hours'`,
};
const HOURS = ['hours-ago-11', 'hours-ago-13'];
const withoutHours = (labels: string[]) => labels.filter((l) => !HOURS.includes(l));

type Kind = 'products' | 'customers' | 'movements';

const LISTS: Record<Kind, (q: string) => string> = {
  products: (q) =>
    `{ list: products(first: 50, query: ${JSON.stringify(q)}) { nodes { label: title } userErrors { message } } }`,
  customers: (q) =>
    `{ list: customers(first: 50, query: ${JSON.stringify(q)}) { nodes { label: firstName } userErrors { message } } }`,
  movements: (q) =>
    `{ list: inventoryMovements(first: 50, query: ${JSON.stringify(q)}) { nodes { label: note } userErrors { message } } }`,
};
/** Each kind's own search term that keeps to one set of records. */
const SCOPE: Record<Kind, (set: string) => string> = {
  products: (set) => `tag:${set}`,
  customers: (set) => `tag:${set}`,
  movements: (set) => `sku:${set}`,
};

async function labels(client: Client, kind: Kind, set: string, dates: string): Promise<string[]> {
  const res = await client.request(LISTS[kind](`${SCOPE[kind](set)} ${dates}`));
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(res.body.data?.['list'].userErrors).toEqual([]);
  return res.body.data?.['list'].nodes.map((n: { label: string }) => n.label).sort();
}

describe.each(DATABASES)('the store time zone in searches on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let client: Client;

  beforeAll(async () => {
    client = await signedIn(ctx.server);
    const db = ctx.server.app.database.db;
    // One record per label of each set, in each kind: products and customers by tag, movements by SKU.
    const sets = { tzcal: Object.keys(CALENDAR), tzrel: Object.keys(RELATIVE) };
    await sql`insert into locations (id, name, fulfillment_priority) values (gen_random_uuid(), 'Time zone shop', 900)`.execute(
      db,
    );
    for (const [set, names] of Object.entries(sets)) {
      for (const name of names) {
        await sql`insert into products (id, title, handle, tags, tag_keys) values (gen_random_uuid(), ${name}, ${`${set}-${name}`}, array[${set}], array[${set}])`.execute(
          db,
        );
        await sql`insert into customers (id, email, first_name, tags, tag_keys) values (gen_random_uuid(), ${`${set}-${name}@example.com`}, ${name}, array[${set}], array[${set}])`.execute(
          db,
        );
      }
      await sql`insert into products (id, title, handle) values (gen_random_uuid(), ${`Stock ${set}`}, ${`stock-${set}`})`.execute(
        db,
      );
      await sql`insert into product_variants (id, product_id, title, sku, price) select gen_random_uuid(), id, 'Default', ${set}, 100 from products where handle = ${`stock-${set}`}`.execute(
        db,
      );
      for (const name of names) {
        await sql`insert into inventory_movements (id, variant_id, location_id, on_hand_delta, on_hand_after, committed_after, reason, note)
          select gen_random_uuid(), v.id, loc.id, 1, 1, 0, 'CORRECTION', ${name}
          from product_variants v, locations loc where v.sku = ${set} and loc.name = 'Time zone shop'`.execute(
          db,
        );
      }
    }
  });

  /** Sets the store's zone through the API, then stamps every record's created_at for that zone. */
  async function useZone(tz: string) {
    const res = await client.request(
      `mutation($input: ShopInput!) { shopUpdate(input: $input) { shop { timezone } userErrors { message } } }`,
      {
        input: { timezone: tz },
      },
    );
    expect(res.body.data?.shopUpdate).toEqual({ shop: { timezone: tz }, userErrors: [] });
    const db = ctx.server.app.database.db;
    const stamp = async (when: (name: string) => RawBuilder<unknown>, names: string[]) => {
      for (const name of names) {
        await sql`update products set created_at = ${when(name)}, updated_at = ${when(name)} where title = ${name}`.execute(
          db,
        );
        await sql`update customers set created_at = ${when(name)}, updated_at = ${when(name)} where first_name = ${name}`.execute(
          db,
        );
        await sql`update inventory_movements set created_at = ${when(name)} where note = ${name}`.execute(db);
      }
    };
    await stamp(
      (name) => sql`cast(${CALENDAR[name]} as timestamp) at time zone ${tz}::text`,
      Object.keys(CALENDAR),
    );
    await stamp((name) => RELATIVE[name]!(tz), Object.keys(RELATIVE));
  }

  /** The store's date today, to tell whether midnight passed while a test ran. */
  async function storeToday(tz: string): Promise<string> {
    const { rows } = await sql<{
      d: string;
    }>`select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as d`.execute(ctx.server.app.database.db);
    return rows[0]!.d;
  }

  describe.each(['Pacific/Auckland', 'America/Los_Angeles'])('in %s', (tz) => {
    beforeAll(async () => {
      await useZone(tz);
    });

    it.each<Kind>(['products', 'customers', 'movements'])(
      'finds %s by calendar days on the store clock',
      async (kind) => {
        const day = async (q: string) => labels(client, kind, 'tzcal', q);
        expect(await day('created_at:2026-11-01')).toEqual(['nov1-early', 'nov1-late', 'nov1-noon']);
        expect(await day('created_at:>2026-11-01')).toEqual(['nov2-early']);
        expect(await day('created_at:>=2026-11-01')).toEqual([
          'nov1-early',
          'nov1-late',
          'nov1-noon',
          'nov2-early',
        ]);
        expect(await day('created_at:<2026-11-01')).toEqual(['oct31-late']);
        expect(await day('created_at:<=2026-11-01')).toEqual([
          'nov1-early',
          'nov1-late',
          'nov1-noon',
          'oct31-late',
        ]);
        expect(await day('-created_at:2026-11-01')).toEqual(['nov2-early', 'oct31-late']);
        expect(await day('created_at:2026-10-31 OR created_at:2026-11-02')).toEqual([
          'nov2-early',
          'oct31-late',
        ]);
        // A time without Z is the store's; with Z it is UTC.
        expect(await day('created_at:>=2026-11-01T12:00')).toEqual(['nov1-late', 'nov1-noon', 'nov2-early']);
        const { rows } = await sql<{
          t: string;
        }>`select to_char(cast('2026-11-01 12:00' as timestamp) at time zone ${tz}::text at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as t`.execute(
          ctx.server.app.database.db,
        );
        expect(await day(`created_at:>=${rows[0]!.t}Z`)).toEqual(['nov1-late', 'nov1-noon', 'nov2-early']);
        if (kind !== 'movements')
          expect(await day('updated_at:2026-11-01')).toEqual(['nov1-early', 'nov1-late', 'nov1-noon']);
      },
    );

    it.each<Kind>(['products', 'customers', 'movements'])(
      'finds %s by days and hours ago on the store clock',
      async (kind) => {
        const today = await storeToday(tz);
        const ago = async (q: string) => labels(client, kind, 'tzrel', q);
        const found = {
          yesterday: await ago('created_at:-1d'),
          afterYesterday: await ago('created_at:>-1d'),
          sinceYesterday: await ago('created_at:>=-1d'),
          beforeYesterday: await ago('created_at:<-1d'),
          today: await ago('created_at:-0d'),
          last12Hours: await ago('created_at:>-12h'),
        };
        // Midnight on the store's clock while this ran would move "yesterday": try again from the start.
        if ((await storeToday(tz)) !== today) return;
        expect(withoutHours(found.yesterday)).toEqual(['yesterday-early', 'yesterday-late']);
        expect(found.beforeYesterday).toEqual(['two-days-ago-late']);
        expect(withoutHours(found.afterYesterday)).toEqual(['today-early']);
        expect(found.today).toEqual(found.afterYesterday);
        expect(found.sinceYesterday).toEqual([...found.yesterday, ...found.today].sort());
        // 11 and 13 hours ago fall today or yesterday, by the time of day; each in exactly one.
        expect([...found.yesterday, ...found.today].filter((l) => HOURS.includes(l)).sort()).toEqual(HOURS);
        // Hours are exact; midnights may be within them, by the time of day.
        expect(found.last12Hours).toContain('hours-ago-11');
        expect(found.last12Hours).not.toContain('hours-ago-13');
      },
    );
  });

  it('refuses a date before the calendar starts in plain words', async () => {
    const res = await client.request(LISTS.products('created_at:>0000-01-01'));
    expect(res.body.data?.['list'].userErrors).toEqual([
      { message: '"created_at" takes a date like 2026-11-01 or a relative one like -7d, not "0000-01-01".' },
    ]);
    const far = await client.request(LISTS.products('created_at:<-1000y'));
    expect(far.body.errors).toBeUndefined();
    expect(far.body.data?.['list'].userErrors).toEqual([]);
  });
});
