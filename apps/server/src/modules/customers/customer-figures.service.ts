import type { Tx } from '../../db/database.js';
import * as repo from './customer-figures.repository.js';

// A customer's order figures are the customers module's to write; orders ask for them here, in the
// transaction of the order that changes them.

/**
 * The statement that counts a placed order toward its customer's figures, unsent: placing an order
 * sends it with the stock write (one round trip).
 */
export function customerOrderPlaced(trx: Tx, customerId: string, total: number) {
  return repo.customerFiguresUpdate(trx, customerId, total);
}

/** Money that no longer counts toward what the customer spent (a refund, a cancelled order's total). */
export function customerSpendTaken(trx: Tx, customerId: string, amount: number): Promise<void> {
  return repo.takeFromCustomerSpend(trx, customerId, amount);
}

/**
 * What the customer spent on an order changed by `amount` without a refund or a cancellation: an
 * exchange's new items (+ their total − the return credit applied to them), a settlement's
 * correction of that credit, or the items taken off with a cancelled return.
 */
export function customerSpendChanged(trx: Tx, customerId: string, amount: number): Promise<void> {
  return amount === 0 ? Promise.resolve() : repo.changeCustomerSpend(trx, customerId, amount);
}
