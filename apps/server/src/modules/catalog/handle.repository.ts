import type { Executor } from '../../db/database.js';

export type HandleTable = 'products' | 'categories' | 'collections';

/** Handles of other records of the kind that equal `base` or start with `base-` (candidates for a collision). */
export async function handlesLike(
  db: Executor,
  table: HandleTable,
  base: string,
  exceptId: string | null,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'handle'])
    .where((eb) => eb.or([eb('handle', '=', base), eb('handle', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.handle));
}

/** Which of these handles (exactly) records of the kind have. */
export async function existingHandles(
  db: Executor,
  table: HandleTable,
  handles: readonly string[],
): Promise<string[]> {
  if (!handles.length) return [];
  const rows = await db.selectFrom(table).select('handle').where('handle', 'in', handles).execute();
  return rows.map((r) => r.handle);
}
