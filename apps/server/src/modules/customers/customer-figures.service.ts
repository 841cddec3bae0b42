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
