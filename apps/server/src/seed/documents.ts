import { encodeId } from '@stockroom/domain';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { invoiceIssue } from '../modules/documents/invoice.service.js';
import { documentSettingsUpdate } from '../modules/documents/document-settings.service.js';
import { orderRefund } from '../modules/orders/order-refund.service.js';
import { seedStaffActor } from './seed-actor.js';

/** Invoices the demo shows (issue #33): the store's first paid orders, invoiced by its bookkeeper. */
const INVOICES = 24;

/**
 * The demo's paper (issue #33): seller details and a footer on every document, then invoices
 * issued by the invoice command itself for the first paid orders (numbers INV-<year>-000001
 * on, gapless), and two of those orders refunded one unit afterwards, so their credit notes exist
 * as the refund hook writes them. Runs once: a store that has invoices is left alone.
 */
export async function seedDocuments(db: DB, log: Logger): Promise<number> {
  if (await db.selectFrom('invoices').select('id').limit(1).executeTakeFirst()) return 0;
  const owner = await seedStaffActor(db, 'maya@northwind-outfitters.example');
  await inTransaction(db, (trx) =>
    documentSettingsUpdate(trx, owner, {
      legalName: 'Northwind Outfitters LLC',
      taxId: 'NY sales tax ID 84-2716630',
      footerNote:
        'Thank you for shopping with Northwind Outfitters. Returns within 30 days: northwind-outfitters.example/returns',
    }),
  );
  const accountant = await seedStaffActor(db, 'noah@northwind-outfitters.example');
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'number'])
    .where('payment_status', '=', 'PAID')
    .where('status', '<>', 'CANCELLED')
    // Orders with nothing given back yet: their credit notes would be missing (refunds before the
    // invoice credit nothing), and a return in progress would read oddly beside a fresh invoice.
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('refunds').select('id').whereRef('refunds.order_id', '=', 'orders.id'))),
    )
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('returns').select('id').whereRef('returns.order_id', '=', 'orders.id'))),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .limit(INVOICES)
    .execute();
  for (const order of orders) {
    await inTransaction(db, (trx) =>
      invoiceIssue(trx, accountant, {
        orderId: encodeId('Order', order.id),
        idempotencyKey: `seed-invoice-${order.id}`,
      }),
    );
  }
  // Two invoiced orders refund one unit of their first line (no restock): each gets its credit note.
  for (const order of orders.slice(-2)) {
    const line = await db
      .selectFrom('order_lines')
      .select(['id'])
      .where('order_id', '=', order.id)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await inTransaction(db, (trx) =>
      orderRefund(trx, accountant, {
        orderId: encodeId('Order', order.id),
        lines: [{ lineId: encodeId('OrderLine', line.id), quantity: 1, restock: false }],
        shipping: null,
        reason: 'Arrived damaged; customer kept it at a discount.',
      }),
    );
  }
  log.info({ invoices: orders.length, creditNotes: Math.min(2, orders.length) }, 'demo invoices issued');
  return orders.length;
}
