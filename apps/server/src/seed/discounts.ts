import { DomainError, encodeId } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import {
  discountCreate,
  discountUpdate,
  type DiscountInputRaw,
} from '../modules/discounts/discount.service.js';
import { orderCreate } from '../modules/orders/order-create.service.js';
import { applicableShippingRates } from '../modules/shipping/shipping.service.js';
import type { Random } from './random.js';
import { seedStaffActor } from './seed-actor.js';

const DAY = 86_400_000;

interface CodeSpec {
  input: DiscountInputRaw;
  /** Orders placed with it while it applies. */
  uses: number;
  /** Changed after those orders (ended, disabled), as staff would. */
  later?: DiscountInputRaw;
  /** Its orders need products of the chosen collection. */
  collection?: boolean;
  /** Smallest subtotal (minor units) and item count its orders are built to reach. */
  atLeast?: { subtotal?: number; items?: number };
}

/**
 * The demo store's discount codes (SPEC §2 /discounts), a dozen in every status, made and used with
 * the real commands: Liam from the catalog team writes them, orders placed with them take their uses
 * under the same locks as any order, so every usage count matches the orders carrying the code.
 * Skipped when codes exist.
 */
export async function seedDiscounts(db: DB, random: Random, log: Logger): Promise<void> {
  if ((await db.selectFrom('discounts').select('id').limit(1).execute()).length) return;
  const manager = await seedStaffActor(db, 'liam@northwind-outfitters.example');
  const clerk = await seedStaffActor(db, 'noah@northwind-outfitters.example');
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const collection = await db
    .selectFrom('collections')
    .select(['id', 'title'])
    .where('product_count', '>', 0)
    .where('kind', '=', 'MANUAL')
    .orderBy('title')
    .executeTakeFirst();

  const specs: CodeSpec[] = [
    {
      input: {
        code: 'WELCOME10',
        kind: 'PERCENTAGE',
        value: '10',
        oncePerCustomer: true,
        startsAt: at(-120),
      },
      uses: 4,
    },
    {
      input: {
        code: 'TENOFF50',
        kind: 'FIXED_AMOUNT',
        value: '10',
        minimumSubtotal: '50',
        startsAt: at(-60),
      },
      uses: 3,
      atLeast: { subtotal: 6000 },
    },
    {
      input: { code: 'FREESHIP75', kind: 'FREE_SHIPPING', minimumSubtotal: '75', startsAt: at(-90) },
      uses: 2,
      atLeast: { subtotal: 8000 },
    },
    {
      input: {
        code: 'VIP20',
        kind: 'PERCENTAGE',
        value: '20',
        usageLimit: 50,
        startsAt: at(-30),
        endsAt: at(60),
      },
      uses: 2,
    },
    {
      input: { code: 'BULK5', kind: 'PERCENTAGE', value: '5', minimumQuantity: 5, startsAt: at(-45) },
      uses: 1,
      atLeast: { items: 5 },
    },
    { input: { code: 'FLASH50', kind: 'PERCENTAGE', value: '50', usageLimit: 5, startsAt: at(-3) }, uses: 5 },
    {
      input: { code: 'SPRING20', kind: 'PERCENTAGE', value: '20', startsAt: at(-240) },
      uses: 3,
      later: { endsAt: at(-1) },
    },
    {
      input: { code: 'STAFF30', kind: 'PERCENTAGE', value: '30', oncePerCustomer: true, startsAt: at(-200) },
      uses: 1,
      later: { disabled: true },
    },
    {
      input: { code: 'LAUNCH15', kind: 'FIXED_AMOUNT', value: '15', startsAt: at(-400), endsAt: at(-300) },
      uses: 0,
    },
    {
      input: { code: 'BLACKFRIDAY25', kind: 'PERCENTAGE', value: '25', startsAt: at(3), endsAt: at(7) },
      uses: 0,
    },
    {
      input: {
        code: 'NEWYEAR2027',
        kind: 'FIXED_AMOUNT',
        value: '20',
        minimumSubtotal: '100',
        startsAt: at(38),
      },
      uses: 0,
    },
    { input: { code: 'OLDPROMO', kind: 'FREE_SHIPPING', startsAt: at(-500), disabled: true }, uses: 0 },
  ];
  if (collection) {
    specs.push({
      input: {
        code: 'COLLECTION15',
        kind: 'PERCENTAGE',
        value: '15',
        appliesTo: 'COLLECTIONS',
        collectionIds: [encodeId('Collection', collection.id)],
        startsAt: at(-14),
      },
      uses: 2,
      collection: true,
    });
  }

  // Buyers with an address, and variants with stock to spare at some location.
  const buyers = await db
    .selectFrom('customers as c')
    .innerJoin('customer_addresses as a', 'a.id', 'c.default_address_id')
    .select([
      'c.id',
      'a.first_name',
      'a.last_name',
      'a.line1',
      'a.city',
      'a.region',
      'a.postal_code',
      'a.country_code',
    ])
    .where('c.state', '=', 'ENABLED')
    .orderBy('c.created_at', 'desc')
    .offset(5)
    .limit(40)
    .execute();
  const stocked = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.price', 'v.product_id'])
    .where('p.status', '=', 'ACTIVE')
    .where(
      sql<boolean>`exists (select 1 from inventory_levels l where l.variant_id = v.id and l.on_hand - l.committed >= 20)`,
    )
    .orderBy('v.id')
    .limit(80)
    .execute();
  const inCollection = collection
    ? await db
        .selectFrom('collection_products as cp')
        .innerJoin('product_variants as v', 'v.product_id', 'cp.product_id')
        .select(['v.id', 'v.price', 'v.product_id'])
        .where('cp.collection_id', '=', collection.id)
        .where(
          sql<boolean>`exists (select 1 from inventory_levels l where l.variant_id = v.id and l.on_hand - l.committed >= 20)`,
        )
        .limit(20)
        .execute()
    : [];
  if (!buyers.length || !stocked.length) return;

  let placed = 0;
  let skipped = 0;
  let buyer = 0;
  for (const spec of specs) {
    const discount = await inTransaction(db, (trx) => discountCreate(trx, manager, spec.input));
    for (let use = 0; use < spec.uses; use++) {
      const c = buyers[buyer++ % buyers.length]!;
      const pool = spec.collection && inCollection.length ? inCollection : stocked;
      const chosen = new Map<string, { price: number; quantity: number }>();
      const first = random.pick(pool);
      chosen.set(first.id, { price: Number(first.price), quantity: 1 });
      for (let extra = random.int(0, 2); extra > 0; extra--) {
        const v = random.pick(stocked);
        if (!chosen.has(v.id)) chosen.set(v.id, { price: Number(v.price), quantity: random.int(1, 2) });
      }
      const subtotal = () => [...chosen.values()].reduce((s, l) => s + l.price * l.quantity, 0);
      const items = () => [...chosen.values()].reduce((n, l) => n + l.quantity, 0);
      // Enough of the first item to reach the code's minimums.
      const line = chosen.get(first.id)!;
      while (
        (subtotal() < (spec.atLeast?.subtotal ?? 0) || items() < (spec.atLeast?.items ?? 0)) &&
        line.quantity < 10
      )
        line.quantity++;
      // A rate that costs something, so free shipping has something to take off.
      const rates = await applicableShippingRates(db, c.country_code, subtotal());
      const rate = rates.find((r) => r.price > 0) ?? rates[0];
      try {
        await inTransaction(db, (trx) =>
          orderCreate(
            trx,
            clerk,
            {
              customerId: encodeId('Customer', c.id),
              lines: [...chosen].map(([id, l]) => ({
                variantId: encodeId('ProductVariant', id),
                quantity: l.quantity,
              })),
              shippingAddress: {
                firstName: c.first_name,
                lastName: c.last_name,
                line1: c.line1,
                city: c.city,
                region: c.region,
                postalCode: c.postal_code,
                countryCode: c.country_code,
              },
              shippingRateId: rate ? encodeId('ShippingRate', rate.rate.id) : null,
              payment: { kind: 'SALE' },
              discountCode: discount.code,
            },
            { source: 'DEMO' },
          ),
        );
        placed++;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        skipped++;
        log.warn({ code: discount.code, reason: e.message }, 'demo discount order skipped');
      }
    }
    if (spec.later)
      await inTransaction(db, (trx) => discountUpdate(trx, manager, { id: discount.id, raw: spec.later! }));
  }
  log.info({ codes: specs.length, orders: placed, skipped }, 'demo discount codes');
}
