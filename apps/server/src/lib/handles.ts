import { slugify } from '@stockroom/domain';
import type { Executor } from '../db/database.js';
import { UserErrors } from '../graphql/errors.js';

type HandleTable = 'products' | 'categories' | 'collections';
const THING: Record<HandleTable, string> = { products: 'product', categories: 'category', collections: 'collection' };

/**
 * SPEC §5 handles: the one given (TAKEN when another record of the kind has it), or one made from
 * the title, with -2, -3 … on collision.
 */
export async function uniqueHandle(trx: Executor, table: HandleTable, given: string | null, title: string, exceptId: string | null): Promise<string> {
  const base = given ?? (slugify(title) || THING[table]);
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'handle'])
    .where((eb) => eb.or([eb('handle', '=', base), eb('handle', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.handle));
  if (!taken.has(base)) return base;
  if (given) throw UserErrors.one('TAKEN', `The handle "${given}" is already used by another ${THING[table]}.`, ['input', 'handle']);
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
