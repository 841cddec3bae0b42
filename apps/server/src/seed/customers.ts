import { sql, type Insertable } from 'kysely';
import type { DB } from '../db/database.js';
import type { CustomerAddressTable, CustomerTable } from '../modules/customers/customer.tables.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { uuidv7 } from '../lib/uuid.js';
import type { Random } from './random.js';

export const CUSTOMERS_BY_SCALE = { small: 500, medium: 20_000, large: 200_000 } as const;

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Mia',
  'Mateo',
  'Isla',
  'Hugo',
  'Freya',
  'Leon',
  'Chloé',
  'Luca',
  'Sofia',
  'Jonas',
  'Aiko',
  'Ravi',
  'Priya',
  'Chen',
  'Amara',
  'Kwame',
  'Ingrid',
  'Mateus',
  'Zoe',
  'Oscar',
  'Nora',
  'Felix',
];
const LAST = [
  'Smith',
  'Johnson',
  'Garcia',
  'Müller',
  'Rossi',
  'Dubois',
  'Nielsen',
  'Andersson',
  'Kowalski',
  'Tanaka',
  'Patel',
  'Okafor',
  'Silva',
  'Byrne',
  'Novak',
  'Jansen',
  'Moreau',
  'Schmidt',
  'Larsen',
  'Costa',
  'Chen',
  'Kim',
  'Nguyen',
  'Walker',
  'Hughes',
  'Fischer',
  'Romano',
  'Lindqvist',
  'Ahmed',
  'Mensah',
];

interface Place {
  country: string;
  dial: string;
  cities: [string, string | null, string][];
}

// City, region, postal code — real-looking addresses in a dozen countries.
const PLACES: Place[] = [
  {
    country: 'US',
    dial: '+1',
    cities: [
      ['Columbus', 'OH', '43215'],
      ['Brooklyn', 'NY', '11201'],
      ['Austin', 'TX', '78701'],
      ['Portland', 'OR', '97205'],
      ['Denver', 'CO', '80202'],
      ['Seattle', 'WA', '98101'],
    ],
  },
  {
    country: 'CA',
    dial: '+1',
    cities: [
      ['Toronto', 'ON', 'M5V 2T6'],
      ['Vancouver', 'BC', 'V6B 1A1'],
      ['Montréal', 'QC', 'H2X 1Y4'],
    ],
  },
  {
    country: 'GB',
    dial: '+44',
    cities: [
      ['London', null, 'NW1 5LR'],
      ['Manchester', null, 'M1 1AE'],
      ['Edinburgh', null, 'EH1 1YZ'],
    ],
  },
  {
    country: 'DE',
    dial: '+49',
    cities: [
      ['Berlin', null, '10115'],
      ['Hamburg', null, '20095'],
      ['München', null, '80331'],
    ],
  },
  {
    country: 'FR',
    dial: '+33',
    cities: [
      ['Paris', null, '75004'],
      ['Lyon', null, '69002'],
    ],
  },
  {
    country: 'NL',
    dial: '+31',
    cities: [
      ['Amsterdam', null, '1012 AB'],
      ['Utrecht', null, '3511 AA'],
    ],
  },
  {
    country: 'SE',
    dial: '+46',
    cities: [
      ['Stockholm', null, '111 22'],
      ['Göteborg', null, '411 04'],
    ],
  },
  {
    country: 'NO',
    dial: '+47',
    cities: [
      ['Oslo', null, '0150'],
      ['Bergen', null, '5003'],
    ],
  },
  {
    country: 'IT',
    dial: '+39',
    cities: [
      ['Milano', 'MI', '20121'],
      ['Roma', 'RM', '00184'],
    ],
  },
  {
    country: 'ES',
    dial: '+34',
    cities: [
      ['Madrid', null, '28013'],
      ['Barcelona', null, '08002'],
    ],
  },
  {
    country: 'AU',
    dial: '+61',
    cities: [
      ['Sydney', 'NSW', '2000'],
      ['Melbourne', 'VIC', '3000'],
    ],
  },
  {
    country: 'JP',
    dial: '+81',
    cities: [
      ['Tokyo', 'Tokyo', '100-0005'],
      ['Osaka', 'Osaka', '530-0001'],
    ],
  },
];
const STREETS = [
  'Maple Ave',
  'High Street',
  'Harbor Rd',
  'Birch Lane',
  'Market St',
  'Station Rd',
  'Linden Allee',
  'Rue du Port',
  'Via Roma',
  'Kungsgatan',
  'Calle Mayor',
  'King St',
];

export async function seedCustomers(
  db: DB,
  scale: keyof typeof CUSTOMERS_BY_SCALE,
  random: Random,
  log: Logger,
): Promise<number> {
  if ((await db.selectFrom('customers').select('id').limit(1).execute()).length) return 0;
  const total = CUSTOMERS_BY_SCALE[scale];
  const now = Date.now();
  const emails = new Set<string>();
  for (let offset = 0; offset < total; offset += 1000) {
    const customers: Insertable<CustomerTable>[] = [];
    const addresses: Insertable<CustomerAddressTable>[] = [];
    for (let i = offset; i < Math.min(total, offset + 1000); i++) {
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      const base = `${first}.${last}`
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z.]/g, '');
      const domain = random.pick(['example.com', 'mail.example', 'post.example', 'inbox.example']);
      let email = `${base}@${domain}`;
      for (let n = 2; emails.has(email); n++) email = `${base}${n}@${domain}`;
      emails.add(email);
      const place = random.pick(PLACES);
      const id = uuidv7(now - (total - i) * 60_000);
      const phone = random.chance(0.7)
        ? `${place.dial}${random.int(200, 999)}${random.int(1000000, 9999999)}`
        : null;
      const tags = random.chance(0.3)
        ? [random.pick(['vip', 'wholesale', 'newsletter', 'returning', 'b2b', 'press'])]
        : [];
      const created = new Date(now - random.int(1, 700) * 86_400_000);
      const n = random.chance(0.6) ? 1 : random.chance(0.7) ? 2 : 3;
      for (let a = 0; a < n; a++) {
        const p = a === 0 ? place : random.pick(PLACES);
        const [city, region, postal] = random.pick(p.cities);
        const addressId = uuidv7();
        addresses.push({
          id: addressId,
          customer_id: id,
          first_name: first,
          last_name: last,
          company: random.chance(0.1) ? `${last} & Co` : null,
          line1: `${random.int(1, 240)} ${random.pick(STREETS)}`,
          line2: random.chance(0.15) ? `Apt ${random.int(1, 40)}` : null,
          city,
          region,
          postal_code: postal,
          country_code: p.country,
          phone,
          position: a,
          created_at: created,
          updated_at: created,
        });
      }
      customers.push({
        id,
        email,
        first_name: first,
        last_name: last,
        phone,
        note: random.chance(0.05) ? 'Prefers delivery after 5 pm.' : null,
        tags,
        tag_keys: tags,
        accepts_marketing: random.chance(0.45),
        state: random.chance(0.03) ? 'DISABLED' : 'ENABLED',
        default_address_id: null,
        last_order_at: null,
        erased_at: null,
        search_text: [first, last, email, email.split('@')[0], phone, phone?.slice(1)]
          .filter(Boolean)
          .join(' '),
        created_at: created,
        updated_at: created,
      });
    }
    await inTransaction(db, async (trx) => {
      await trx.insertInto('customers').values(customers).execute();
      for (let i = 0; i < addresses.length; i += 1000)
        await trx
          .insertInto('customer_addresses')
          .values(addresses.slice(i, i + 1000))
          .execute();
      // The first address of each is the default: one statement for the whole batch.
      await sql`update customers c set default_address_id = a.id from customer_addresses a
        where a.customer_id = c.id and a.position = 0 and c.id in (${sql.join(customers.map((c) => c.id))})`.execute(
        trx,
      );
    });
  }
  log.info({ customers: total }, 'demo customers seeded');
  return total;
}

/** Zones for domestic / Europe / rest of world, and tax rates for a dozen countries. */
export async function seedShippingAndTaxes(db: DB): Promise<void> {
  if ((await db.selectFrom('shipping_zones').select('id').limit(1).execute()).length) return;
  const zones = [
    {
      name: 'Domestic',
      countries: ['US'],
      rates: [
        ['Standard', 695, null, null, 7500],
        ['Express', 1995, null, null, null],
        ['Overnight', 3495, null, null, null],
      ],
    },
    {
      name: 'Europe',
      countries: ['GB', 'DE', 'FR', 'NL', 'SE', 'NO', 'IT', 'ES', 'DK', 'BE', 'AT', 'IE', 'PT', 'FI', 'PL'],
      rates: [
        ['Tracked', 1495, null, null, 15000],
        ['Express', 2995, null, null, null],
      ],
    },
    {
      name: 'Rest of world',
      countries: ['*'],
      rates: [
        ['International', 2495, null, null, null],
        ['International light', 1495, null, 5000, null],
      ],
    },
  ] as const;
  await inTransaction(db, async (trx) => {
    for (const z of zones) {
      const id = uuidv7();
      await trx
        .insertInto('shipping_zones')
        .values({ id, name: z.name, countries: [...z.countries] })
        .execute();
      await trx
        .insertInto('shipping_rates')
        .values(
          z.rates.map(([name, price, min, max, free], position) => ({
            id: uuidv7(),
            zone_id: id,
            name,
            price,
            min_subtotal: min,
            max_subtotal: max,
            free_above: free,
            position,
          })),
        )
        .execute();
    }
    const taxes: [string, string | null, string, string][] = [
      ['US', 'NY', '8.875', 'New York sales tax'],
      ['US', 'CA', '7.25', 'California sales tax'],
      ['US', 'TX', '6.25', 'Texas sales tax'],
      ['US', 'OH', '5.75', 'Ohio sales tax'],
      ['CA', null, '5', 'GST'],
      ['GB', null, '20', 'VAT'],
      ['DE', null, '19', 'MwSt'],
      ['FR', null, '20', 'TVA'],
      ['NL', null, '21', 'BTW'],
      ['SE', null, '25', 'Moms'],
      ['NO', null, '25', 'MVA'],
      ['IT', null, '22', 'IVA'],
      ['ES', null, '21', 'IVA'],
      ['AU', null, '10', 'GST'],
      ['JP', null, '10', 'Consumption tax'],
    ];
    await trx
      .insertInto('tax_rates')
      .values(
        taxes.map(([country_code, region, rate, name]) => ({
          id: uuidv7(),
          country_code,
          region,
          rate,
          name,
        })),
      )
      .execute();
  });
}
