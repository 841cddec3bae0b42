import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { CategoryRow } from './catalog.tables.js';
import { categoryRow, type Category } from './catalog.model.js';

/** Any category edit that changes the tree's shape takes this lock, so two moves cannot make a cycle between them. */
const TREE_LOCK = 7726011122;

/** The whole tree in depth-first order: each category right after its parent, siblings by position. */
export async function listCategoryTree(db: Executor): Promise<Category[]> {
  const { rows } = await sql<CategoryRow>`
    with recursive t as (
      select c.*, array[lpad(c.position::text, 6, '0') || lower(c.name)] as path from categories c where parent_id is null
      union all
      select c.*, t.path || (lpad(c.position::text, 6, '0') || lower(c.name)) from categories c join t on c.parent_id = t.id
    )
    select id, name, handle, description, parent_id, position, created_at, updated_at, version from t order by path`.execute(
    db,
  );
  return rows.map(categoryRow.of);
}

/** Ids of the category and everything below it. */
export async function subtreeIds(db: Executor, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive t as (select id from categories where id = ${id}
      union all select c.id from categories c join t on c.parent_id = t.id)
    select id from t`.execute(db);
  return rows.map((r) => r.id);
}

export async function findCategory(db: Executor, id: string): Promise<Category | undefined> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  return row && categoryRow.of(row);
}

export async function findCategoriesByIds(db: Executor, ids: readonly string[]): Promise<Category[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('categories').selectAll().where('id', 'in', ids).execute()).map(categoryRow.of);
}

export async function lockCategory(db: Executor, id: string): Promise<Category | undefined> {
  const row = await db
    .selectFrom('categories')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && categoryRow.of(row);
}

export async function categoryExists(db: Executor, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
}

export async function lockCategoryTree(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(TREE_LOCK)})`.execute(db);
}

const parentIs = (parentId: string | null) =>
  parentId ? sql<boolean>`parent_id = ${parentId}` : sql<boolean>`parent_id is null`;

/** The position after the last child of the parent (null: the top level). */
export async function nextCategoryPosition(db: Executor, parentId: string | null): Promise<number> {
  const last = await db
    .selectFrom('categories')
    .select(sql<number>`coalesce(max(position), -1)`.as('p'))
    .where(parentIs(parentId))
    .executeTakeFirstOrThrow();
  return Number(last.p) + 1;
}

export async function insertCategory(
  db: Executor,
  c: Pick<Category, 'id' | 'name' | 'handle' | 'description' | 'parentId' | 'position'>,
): Promise<Category> {
  const row: CategoryRow = await db
    .insertInto('categories')
    .values(categoryRow.write(c))
    .returningAll()
    .executeTakeFirstOrThrow();
  return categoryRow.of(row);
}

/** Updates and bumps the version. */
export async function updateCategory(
  db: Executor,
  id: string,
  changes: Partial<Pick<Category, 'name' | 'handle' | 'description' | 'parentId' | 'position'>>,
): Promise<Category> {
  const row: CategoryRow = await db
    .updateTable('categories')
    .set({ ...categoryRow.write(changes), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return categoryRow.of(row);
}

/** Only the order among siblings: not an edit of the sibling itself, so no new version. */
export async function setCategoryPosition(db: Executor, id: string, position: number): Promise<void> {
  await db.updateTable('categories').set({ position }).where('id', '=', id).execute();
}

/** Ids of the parent's children except one, in their order. */
export async function siblingIds(db: Executor, parentId: string | null, exceptId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where(parentIs(parentId))
    .where('id', '!=', exceptId)
    .orderBy('position')
    .orderBy('name')
    .execute();
  return rows.map((r) => r.id);
}

/** How many subcategories and products the category holds. */
export async function categoryDependents(
  db: Executor,
  id: string,
): Promise<{ children: number; products: number }> {
  const [children, products] = await Promise.all([
    db
      .selectFrom('categories')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { children: Number(children.n), products: Number(products.n) };
}

export async function deleteCategory(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/** How many products each category holds, in the ids' order. */
export async function productCountsOfCategories(db: Executor, ids: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category_id', 'in', ids)
    .groupBy('category_id')
    .execute();
  return ids.map((id) => Number(rows.find((r) => r.category_id === id)?.n ?? 0));
}
