import type { Tx } from '../../db/database.js';
import { freeHandle, handleBase, type HandleKind } from '../../lib/handles.js';
import { handlesLike, type HandleTable } from './handle.repository.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';

const KIND: Record<HandleTable, HandleKind> = {
  products: 'product',
  categories: 'category',
  collections: 'collection',
};

/** The given handle (TAKEN when another record of the kind has it), or one made from the title with -2, -3 … on collision. */
export async function uniqueHandle(
  trx: Tx,
  table: HandleTable,
  given: string | null,
  title: string,
  exceptId: string | null,
): Promise<string> {
  const kind = KIND[table];
  const base = handleBase(given, title, kind);
  await lockUniqueValues(trx, `handle:${table}`, [base]);
  return freeHandle(base, given, kind, await handlesLike(trx, table, base, exceptId));
}
