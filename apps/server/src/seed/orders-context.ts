import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { AddressJson } from '../db/columns.js';
import type { Random } from './random.js';

/** What the orders seed needs from the rest of the demo store, read once into plain arrays. */
export interface SeedVariant {
  id: string;
  productId: string;
  productTitle: string;
  title: string;
  sku: string | null;
  price: number;
  tracked: boolean;
  /** Indexes into SeedContext.levels, by the locations' fulfillment priority. */
  levels: number[];
}

export interface SeedProduct {
  createdAt: number;
  variants: SeedVariant[];
}

export interface SeedCustomer {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  createdAt: number;
  wholesale: boolean;
  address: AddressJson;
}

export interface SeedLevel {
  variantId: string;
  locationId: string;
  /** What the inventory seed left on hand. */
  onHand: number;
  /** When its first delivery arrived (the level's creation). */
  receivedAt: number;
  variantCreatedAt: number;
}

export interface SeedRate {
  id: string;
  name: string;
  price: number;
  min: number | null;
  max: number | null;
  freeAbove: number | null;
  position: number;
}

export interface SeedStaff {
  id: string;
  name: string;
}

export interface SeedContext {
  now: number;
  currency: string;
  prefix: string;
  pricesIncludeTax: boolean;
  storeAddress: AddressJson | null;
  /** Active locations, by fulfillment priority. */
  locations: { id: string; name: string }[];
  /** ACTIVE products, most popular first. */
  products: SeedProduct[];
  /** Enabled customers, most loyal first. */
  customers: SeedCustomer[];
  levels: SeedLevel[];
  zones: { countries: string[]; rates: SeedRate[] }[];
  taxRates: { country: string; region: string | null; rate: string }[];
  fulfiller: SeedStaff | null;
  manager: SeedStaff | null;
  support: SeedStaff | null;
}

const ms = (d: Date | string) => new Date(d).getTime();

/** Fisher–Yates with the seed's random: a stable "popularity" order for the same store. */
function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export async function loadSeedContext(db: DB, random: Random): Promise<SeedContext> {
  const settings = await db
    .selectFrom('store_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('fulfillment_priority')
    .orderBy('id')
    .execute();
  const priority = new Map(locations.map((l, i) => [l.id, i]));

  const variantRows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.product_id',
      'p.title as product_title',
      'p.created_at',
      'v.title',
      'v.sku',
      'v.price',
      'v.track_inventory',
    ])
    .where('p.status', '=', 'ACTIVE')
    .orderBy('v.product_id')
    .orderBy('v.position')
    .execute();
  const products = new Map<string, SeedProduct>();
  const variants = new Map<string, SeedVariant>();
  for (const r of variantRows) {
    const variant: SeedVariant = {
      id: r.id,
      productId: r.product_id,
      productTitle: r.product_title,
      title: r.title,
      sku: r.sku,
      price: Number(r.price),
      tracked: r.track_inventory,
      levels: [],
    };
    variants.set(r.id, variant);
    let product = products.get(r.product_id);
    if (!product) products.set(r.product_id, (product = { createdAt: ms(r.created_at), variants: [] }));
    product.variants.push(variant);
  }

  const levelRows = await db
    .selectFrom('inventory_levels as l')
    .innerJoin('product_variants as v', 'v.id', 'l.variant_id')
    .select([
      'l.variant_id',
      'l.location_id',
      'l.on_hand',
      'l.created_at',
      'v.created_at as variant_created_at',
    ])
    .orderBy('l.variant_id')
    .orderBy('l.location_id')
    .execute();
  const levels: SeedLevel[] = [];
  for (const r of levelRows) {
    const variant = variants.get(r.variant_id);
    if (!variant?.tracked || !priority.has(r.location_id)) continue;
    variant.levels.push(levels.length);
    levels.push({
      variantId: r.variant_id,
      locationId: r.location_id,
      onHand: r.on_hand,
      receivedAt: ms(r.created_at),
      variantCreatedAt: ms(r.variant_created_at),
    });
  }
  for (const v of variants.values()) {
    v.levels.sort((a, b) => priority.get(levels[a]!.locationId)! - priority.get(levels[b]!.locationId)!);
  }

  const customerRows = await db
    .selectFrom('customers as c')
    .innerJoin('customer_addresses as a', 'a.id', 'c.default_address_id')
    .select([
      'c.id',
      'c.email',
      'c.first_name',
      'c.last_name',
      'c.phone',
      'c.tags',
      'c.created_at',
      'a.company',
      'a.line1',
      'a.line2',
      'a.city',
      'a.region',
      'a.postal_code',
      'a.country_code',
    ])
    .where('c.state', '=', 'ENABLED')
    .orderBy('c.id')
    .execute();
  const customers = customerRows.map((c): SeedCustomer => ({
    id: c.id,
    email: c.email,
    name: [c.first_name, c.last_name].filter(Boolean).join(' '),
    phone: c.phone,
    createdAt: ms(c.created_at),
    wholesale: c.tags.some((t) => t === 'wholesale' || t === 'b2b'),
    address: {
      firstName: c.first_name,
      lastName: c.last_name,
      company: c.company,
      line1: c.line1,
      line2: c.line2,
      city: c.city,
      region: c.region,
      postalCode: c.postal_code,
      countryCode: c.country_code.trim(),
      phone: c.phone,
    },
  }));

  const zones = await db.selectFrom('shipping_zones').select(['id', 'countries']).orderBy('id').execute();
  const rates = await db.selectFrom('shipping_rates').selectAll().orderBy('position').execute();
  const taxRates = await db.selectFrom('tax_rates').select(['country_code', 'region', 'rate']).execute();
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('name', 'in', ['Sofia Alvarez', 'Maya Okafor', 'Noah Williams'])
    .execute();
  const named = (name: string) => staff.find((s) => s.name === name) ?? null;
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);

  return {
    // Never ahead of the database's clock: nothing the seed writes may lie in the future.
    now: Math.min(Date.now(), ms(rows[0]!.now)),
    currency: settings.currency_code.trim(),
    prefix: settings.order_number_prefix,
    pricesIncludeTax: settings.prices_include_tax,
    storeAddress: settings.address,
    locations,
    products: shuffle(random, [...products.values()]),
    customers: shuffle(random, customers),
    levels,
    zones: zones.map((z) => ({
      countries: z.countries,
      rates: rates
        .filter((r) => r.zone_id === z.id)
        .map((r) => ({
          id: r.id,
          name: r.name,
          price: Number(r.price),
          min: r.min_subtotal === null ? null : Number(r.min_subtotal),
          max: r.max_subtotal === null ? null : Number(r.max_subtotal),
          freeAbove: r.free_above === null ? null : Number(r.free_above),
          position: r.position,
        })),
    })),
    taxRates: taxRates.map((t) => ({
      country: t.country_code.trim(),
      region: t.region,
      rate: String(t.rate),
    })),
    fulfiller: named('Sofia Alvarez'),
    manager: named('Maya Okafor'),
    support: named('Noah Williams'),
  };
}
