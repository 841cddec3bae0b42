import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { CustomerAddress, Customer } from './customer.model.js';
import { addressesOfCustomers, findCustomersByIds } from './customer.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createCustomerLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createCustomerLoaders(db: Executor) {
  return {
    customerById: new DataLoader<string, Customer | null>(async (ids) =>
      byId(ids, await findCustomersByIds(db, ids)),
    ),
    addressesByCustomerId: new DataLoader<string, CustomerAddress[]>(async (ids) =>
      grouped(ids, await addressesOfCustomers(db, ids), (r) => r.customerId),
    ),
  };
}
