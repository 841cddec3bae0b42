import { encodeId, formatMinor, shippingRefundable } from '@stockroom/domain';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { draftOrderCreate } from '../modules/drafts/draft.service.js';
import { orderRefund } from '../modules/orders/order-refund.service.js';
import type { Random } from './random.js';
import { seedStaffActor } from './seed-actor.js';

const REFUND_REASONS = [
  'Arrived damaged',
  'Wrong size',
  'Changed their mind',
  'Late delivery',
  'Not as pictured',
];
const DRAFT_NOTES = [
  'Called in, pays by invoice',
  'Wholesale: net 30',
  'Emailed order',
  null,
  'Replacement for a lost parcel',
];

/**
 * The demo store's refunds and open drafts (SPEC §2 drafts, refunds), made with the real commands
 * as Noah from support would, so stock, ledger, payments and customer figures agree with them:
 * some recent paid and shipped orders partly refunded (one unit back on the shelf) and a few fully,
 * and a handful of drafts being put together. Skipped when drafts exist.
 */
export async function seedDraftsAndRefunds(db: DB, random: Random, log: Logger): Promise<void> {
  if ((await db.selectFrom('draft_orders').select('id').limit(1).execute()).length) return;
  const actor = await seedStaffActor(db, 'noah@northwind-outfitters.example');

  const shipped = await db
    .selectFrom('orders')
    .select(['id', 'shipping_total', 'shipping_tax', 'prices_include_tax', 'currency_code'])
    .where('payment_status', '=', 'PAID')
    .where('fulfillment_status', '=', 'FULFILLED')
    .where('status', '<>', 'CANCELLED')
    .orderBy('created_at', 'desc')
    .limit(24)
    .execute();
  let refunds = 0;
  for (const [i, order] of shipped.entries()) {
    if (i % 2) continue;
    const lines = await db
      .selectFrom('order_lines')
      .select(['id', 'quantity', 'variant_id', 'location_id'])
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    const restockable = (l: (typeof lines)[number]) => l.variant_id !== null && l.location_id !== null;
    // One order in four gives everything back; the others one unit of their first line.
    const full = i % 8 === 0;
    const chosen = full ? lines : lines.slice(0, 1).map((l) => ({ ...l, quantity: 1 }));
    await inTransaction(db, (trx) =>
      orderRefund(trx, actor, {
        orderId: encodeId('Order', order.id),
        lines: chosen.map((l) => ({
          lineId: encodeId('OrderLine', l.id),
          quantity: l.quantity,
          restock: restockable(l) && random.chance(0.8),
        })),
        // A full refund gives the shipping back too, so the order reads REFUNDED.
        shipping: full
          ? formatMinor(
              shippingRefundable(
                {
                  shippingTotal: Number(order.shipping_total),
                  shippingTax: Number(order.shipping_tax),
                  pricesIncludeTax: order.prices_include_tax,
                },
                0,
              ),
              order.currency_code.trim(),
            )
          : null,
        reason: random.pick(REFUND_REASONS),
      }),
    );
    refunds++;
  }

  const customers = await db
    .selectFrom('customers as c')
    .leftJoin('customer_addresses as a', 'a.id', 'c.default_address_id')
    .select([
      'c.id',
      'c.email',
      'a.first_name',
      'a.last_name',
      'a.line1',
      'a.line2',
      'a.city',
      'a.region',
      'a.postal_code',
      'a.country_code',
    ])
    .where('c.state', '=', 'ENABLED')
    .where('a.id', 'is not', null)
    .orderBy('c.created_at', 'desc')
    .limit(5)
    .execute();
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id'])
    .where('p.status', '=', 'ACTIVE')
    .orderBy('v.id')
    .limit(60)
    .execute();
  let drafts = 0;
  for (const [i, c] of customers.entries()) {
    if (!variants.length) break;
    const picked = new Set<string>();
    const count = random.int(1, 3);
    while (picked.size < Math.min(count, variants.length)) picked.add(random.pick(variants).id);
    const lines: {
      variantId?: string;
      title?: string;
      price?: string;
      priceOverrideReason?: string;
      quantity: number;
    }[] = [...picked].map((id) => ({
      variantId: encodeId('ProductVariant', id),
      quantity: random.int(1, 4),
    }));
    if (i === 1) lines.push({ title: 'Gift wrapping', price: '4.00', quantity: 1 });
    if (i === 2 && lines[0])
      lines[0] = { ...lines[0], price: '1.00', priceOverrideReason: 'Replacement, charged shipping only' };
    await inTransaction(db, (trx) =>
      draftOrderCreate(trx, actor, {
        customerId: encodeId('Customer', c.id),
        email: c.email,
        shippingAddress: {
          firstName: c.first_name,
          lastName: c.last_name,
          line1: c.line1,
          line2: c.line2,
          city: c.city,
          region: c.region,
          postalCode: c.postal_code,
          countryCode: c.country_code,
        },
        lines,
        note: DRAFT_NOTES[i] ?? null,
        tags: i === 1 ? ['wholesale'] : [],
      }),
    );
    drafts++;
  }
  log.info({ refunds, drafts }, 'demo refunds and drafts');
}
