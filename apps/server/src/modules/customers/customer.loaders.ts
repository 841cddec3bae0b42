import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { CustomerAddressRow, CustomerRow } from './customer.tables.js';
import { addressesOfCustomers, findCustomersByIds } from './customer.repository.js';

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createCustomerLoaders(db: Executor) {
  return {
    customerById: new DataLoader<string, CustomerRow | null>(async (ids) =>
      byId(ids, await findCustomersByIds(db, ids)),
    ),
    addressesByCustomerId: new DataLoader<string, CustomerAddressRow[]>(async (ids) =>
      grouped(ids, await addressesOfCustomers(db, ids), (r) => r.customer_id),
    ),
  };
}
