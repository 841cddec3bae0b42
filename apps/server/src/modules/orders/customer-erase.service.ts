import type { Tx } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';
import type { Actor } from '../../actor.js';
import type { Customer } from '../customers/customer.model.js';
import { customerErase } from '../customers/customer.service.js';
import { eraseOrderCopies } from './order-erase.repository.js';

/** What an erased person's addresses become on their orders. */
const ERASED_ADDRESS: AddressJson = {
  firstName: null,
  lastName: null,
  company: null,
  line1: '[erased]',
  line2: null,
  city: '[erased]',
  region: null,
  postalCode: null,
  countryCode: null,
  phone: null,
};

/**
 * Erases a customer's personal data everywhere (customers' rules), their orders' copies included:
 * the orders keep their lines and totals; the copies of the person's contact and addresses go.
 */
export function customerEraseWithOrders(
  trx: Tx,
  actor: Actor,
  customerId: string,
  confirmation: string,
): Promise<Customer> {
  return customerErase(trx, actor, customerId, confirmation, (placeholderEmail) =>
    eraseOrderCopies(trx, customerId, placeholderEmail, ERASED_ADDRESS),
  );
}
