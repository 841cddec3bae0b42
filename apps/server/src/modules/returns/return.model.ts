import type { Selectable } from 'kysely';
import { tableRowOf, type Camel } from '../../db/row.js';
import {
  returnColumns,
  returnLineColumns,
  returnReceiptColumns,
  type ReturnLineTable,
  type ReturnReceiptTable,
  type ReturnTable,
} from './returns.tables.js';

/** Returns' domain objects, derived from their tables (db/row.ts). */
export const returnRow = tableRowOf(returnColumns);
export type Return = Camel<Selectable<ReturnTable>>;

export const returnLineRow = tableRowOf(returnLineColumns);
export type ReturnLine = Camel<Selectable<ReturnLineTable>>;

export const returnReceiptRow = tableRowOf(returnReceiptColumns);
export type ReturnReceipt = Camel<Selectable<ReturnReceiptTable>>;

/** Units of a line whose fate is recorded. */
export const receivedOf = (
  l: Pick<ReturnLine, 'restockedQuantity' | 'damagedQuantity' | 'missingQuantity'>,
) => l.restockedQuantity + l.damagedQuantity + l.missingQuantity;
