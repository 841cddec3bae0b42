import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { FulfillmentLine, Fulfillment, OrderLine, Order, OrderTransaction } from './order.model.js';
import {
  findFulfillmentsByIds,
  findLinesByIds,
  findOrdersByIds,
  findTransactionsByIds,
  fulfillmentLinesOf,
  fulfillmentsOfOrders,
  linesOfOrders,
  openLinesOfVariants,
  recentOrdersOfCustomers,
  transactionsOfOrders,
} from './order.repository.js';
import { refundLinesOf, refundsOfOrders } from './refund.repository.js';
import type { Refund, RefundLine } from './order.model.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createOrderLoaders> {}
}

/**
 * One loader per `first` argument: a page size is part of the question, and a request rarely asks
 * for more than one.
 */
function perFirst<V>(make: (first: number) => DataLoader<string, V>) {
  const loaders = new Map<number, DataLoader<string, V>>();
  return (first: number) => {
    let loader = loaders.get(first);
    if (!loader) loaders.set(first, (loader = make(first)));
    return loader;
  };
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createOrderLoaders(db: Executor) {
  return {
    orderById: new DataLoader<string, Order | null>(async (ids) => byId(ids, await findOrdersByIds(db, ids))),
    orderLineById: new DataLoader<string, OrderLine | null>(async (ids) =>
      byId(ids, await findLinesByIds(db, ids)),
    ),
    linesByOrderId: new DataLoader<string, OrderLine[]>(async (ids) =>
      grouped(ids, await linesOfOrders(db, ids), (r) => r.orderId),
    ),
    transactionsByOrderId: new DataLoader<string, OrderTransaction[]>(async (ids) =>
      grouped(ids, await transactionsOfOrders(db, ids), (r) => r.orderId),
    ),
    transactionById: new DataLoader<string, OrderTransaction | null>(async (ids) =>
      byId(ids, await findTransactionsByIds(db, ids)),
    ),
    refundsByOrderId: new DataLoader<string, Refund[]>(async (ids) =>
      grouped(ids, await refundsOfOrders(db, ids), (r) => r.orderId),
    ),
    refundLinesByRefundId: new DataLoader<string, RefundLine[]>(async (ids) =>
      grouped(ids, await refundLinesOf(db, ids), (r) => r.refundId),
    ),
    fulfillmentById: new DataLoader<string, Fulfillment | null>(async (ids) =>
      byId(ids, await findFulfillmentsByIds(db, ids)),
    ),
    fulfillmentsByOrderId: new DataLoader<string, Fulfillment[]>(async (ids) =>
      grouped(ids, await fulfillmentsOfOrders(db, ids), (r) => r.orderId),
    ),
    fulfillmentLinesByFulfillmentId: new DataLoader<string, FulfillmentLine[]>(async (ids) =>
      grouped(ids, await fulfillmentLinesOf(db, ids), (r) => r.fulfillmentId),
    ),
    ordersByCustomerId: perFirst(
      (first) =>
        new DataLoader<string, Order[]>(async (ids) =>
          grouped(ids, await recentOrdersOfCustomers(db, ids, first), (r) => r.customerId),
        ),
    ),
    openLinesByVariantId: perFirst(
      (first) =>
        new DataLoader<string, OrderLine[]>(async (ids) =>
          grouped(ids, await openLinesOfVariants(db, ids, first), (r) => r.variantId),
        ),
    ),
  };
}
