import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type {
  FulfillmentLineRow,
  FulfillmentRow,
  OrderLineRow,
  OrderRow,
  OrderTransactionRow,
} from './order.tables.js';
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
import { refundLinesOf, refundsOfOrders, type RefundLineRow, type RefundRow } from './refund.repository.js';
import { findDraftsByIds, linesOfDrafts } from './draft.repository.js';
import type { DraftOrderLineRow, DraftOrderRow } from './order.tables.js';

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
    orderById: new DataLoader<string, OrderRow | null>(async (ids) =>
      byId(ids, await findOrdersByIds(db, ids)),
    ),
    orderLineById: new DataLoader<string, OrderLineRow | null>(async (ids) =>
      byId(ids, await findLinesByIds(db, ids)),
    ),
    linesByOrderId: new DataLoader<string, OrderLineRow[]>(async (ids) =>
      grouped(ids, await linesOfOrders(db, ids), (r) => r.order_id),
    ),
    transactionsByOrderId: new DataLoader<string, OrderTransactionRow[]>(async (ids) =>
      grouped(ids, await transactionsOfOrders(db, ids), (r) => r.order_id),
    ),
    transactionById: new DataLoader<string, OrderTransactionRow | null>(async (ids) =>
      byId(ids, await findTransactionsByIds(db, ids)),
    ),
    draftById: new DataLoader<string, DraftOrderRow | null>(async (ids) =>
      byId(ids, await findDraftsByIds(db, ids)),
    ),
    linesByDraftId: new DataLoader<string, DraftOrderLineRow[]>(async (ids) =>
      grouped(ids, await linesOfDrafts(db, ids), (r) => r.draft_order_id),
    ),
    refundsByOrderId: new DataLoader<string, RefundRow[]>(async (ids) =>
      grouped(ids, await refundsOfOrders(db, ids), (r) => r.order_id),
    ),
    refundLinesByRefundId: new DataLoader<string, RefundLineRow[]>(async (ids) =>
      grouped(ids, await refundLinesOf(db, ids), (r) => r.refund_id),
    ),
    fulfillmentById: new DataLoader<string, FulfillmentRow | null>(async (ids) =>
      byId(ids, await findFulfillmentsByIds(db, ids)),
    ),
    fulfillmentsByOrderId: new DataLoader<string, FulfillmentRow[]>(async (ids) =>
      grouped(ids, await fulfillmentsOfOrders(db, ids), (r) => r.order_id),
    ),
    fulfillmentLinesByFulfillmentId: new DataLoader<string, FulfillmentLineRow[]>(async (ids) =>
      grouped(ids, await fulfillmentLinesOf(db, ids), (r) => r.fulfillment_id),
    ),
    ordersByCustomerId: perFirst(
      (first) =>
        new DataLoader<string, OrderRow[]>(async (ids) =>
          grouped(ids, await recentOrdersOfCustomers(db, ids, first), (r) => r.customer_id),
        ),
    ),
    openLinesByVariantId: perFirst(
      (first) =>
        new DataLoader<string, OrderLineRow[]>(async (ids) =>
          grouped(ids, await openLinesOfVariants(db, ids, first), (r) => r.variant_id),
        ),
    ),
  };
}
