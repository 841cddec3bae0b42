import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';

/**
 * Erases the copies of a person's contact and addresses on their orders (the customer's erasure);
 * the orders keep their lines and totals.
 */
export async function eraseOrderCopies(
  db: Executor,
  customerId: string,
  placeholderEmail: string,
  erasedAddress: AddressJson,
): Promise<void> {
  const address = JSON.stringify(erasedAddress);
  await db
    .updateTable('orders')
    .set({
      email: placeholderEmail,
      phone: null,
      customer_name: 'Erased customer',
      shipping_address: sql`case when shipping_address is null then null else ${address}::jsonb end`,
      billing_address: sql`case when billing_address is null then null else ${address}::jsonb end`,
      note: null,
    })
    .where('customer_id', '=', customerId)
    .execute();
}
