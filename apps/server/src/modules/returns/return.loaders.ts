import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import type { Return, ReturnLine, ReturnReceipt } from './return.model.js';
import {
  damagedOfLevels,
  findReturns,
  linesOfReturns,
  receiptsOfReturns,
  returnsOfOrders,
  unitsOnReturns,
} from './return.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createReturnLoaders> {}
}

const group = <T>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

/** This module's batch loaders, made fresh for every request: one statement per relation per page. */
export function createReturnLoaders(db: Executor) {
  return {
    returnById: new DataLoader<string, Return | null>(async (ids) => {
      const found = new Map((await findReturns(db, ids)).map((r) => [r.id, r]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    returnsByOrderId: new DataLoader<string, Return[]>(async (ids) => {
      const found = group(await returnsOfOrders(db, ids), (r) => r.orderId);
      return ids.map((id) => found.get(id) ?? []);
    }),
    returnLinesByReturnId: new DataLoader<string, ReturnLine[]>(async (ids) => {
      const found = group(await linesOfReturns(db, ids), (l) => l.returnId);
      return ids.map((id) => found.get(id) ?? []);
    }),
    returnReceiptsByReturnId: new DataLoader<string, ReturnReceipt[]>(async (ids) => {
      const found = group(await receiptsOfReturns(db, ids), (r) => r.returnId);
      return ids.map((id) => found.get(id) ?? []);
    }),
    /** Units of each order line on returns still going (returnableQuantity). */
    unitsOnReturnsByOrderLineId: new DataLoader<string, number>(async (ids) => {
      const found = await unitsOnReturns(db, ids);
      return ids.map((id) => found.get(id) ?? 0);
    }),
    /** A level's damaged units, keyed `variantId:locationId`. */
    damagedByLevel: new DataLoader<string, number>(async (keys) => {
      const found = await damagedOfLevels(
        db,
        keys.map((k) => {
          const [variantId, locationId] = k.split(':');
          return { variantId: variantId!, locationId: locationId! };
        }),
      );
      return keys.map((k) => found.get(k) ?? 0);
    }),
  };
}
