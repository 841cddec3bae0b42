import { decodeIdOf, handleSchema, MESSAGES, nameSchema, validate, type UserError } from '@stockroom/domain';
import { uniqueHandle } from '../../lib/handles.js';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB, Executor } from '../../db/database.js';
import type { CategoryRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';

const categoryInput = z.object({
  name: nameSchema,
  handle: z.union([z.literal(''), handleSchema]).nullish().transform((v) => v || null),
  description: z.string().max(65_535, { message: 'Use at most 65,535 characters.' }).nullish().transform((v) => v ?? ''),
});

const AUDITED = ['name', 'handle', 'description', 'parent_id', 'position'] as const;

/** The whole tree in depth-first order: each category right after its parent, siblings by position. */
export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  const { rows } = await sql<CategoryRow>`
    with recursive t as (
      select c.*, array[lpad(c.position::text, 6, '0') || lower(c.name)] as path from categories c where parent_id is null
      union all
      select c.*, t.path || (lpad(c.position::text, 6, '0') || lower(c.name)) from categories c join t on c.parent_id = t.id
    )
    select id, name, handle, description, parent_id, position, created_at, updated_at, version from t order by path`.execute(db);
  return rows;
}

function parentUuid(id: string | null | undefined): string | null {
  if (!id) return null;
  const uuid = decodeIdOf('Category', id);
  if (!uuid) throw UserErrors.one('INVALID', 'This parent category does not exist.', ['input', 'parentId']);
  return uuid;
}

/** Ids of the category and everything below it. */
async function subtree(trx: Executor, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive t as (select id from categories where id = ${id}
      union all select c.id from categories c join t on c.parent_id = t.id)
    select id from t`.execute(trx);
  return rows.map((r) => r.id);
}

export async function categoryCreate(db: DB, actor: Actor, raw: { name?: string | null; handle?: string | null; description?: string | null; parentId?: string | null }): Promise<CategoryRow> {
  const parsed = validate(categoryInput, raw, ['input']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  return db.transaction().execute(async (trx) => {
    const parentId = parentUuid(raw.parentId);
    if (parentId && !(await trx.selectFrom('categories').select('id').where('id', '=', parentId).executeTakeFirst())) {
      throw UserErrors.one('INVALID', 'This parent category does not exist.', ['input', 'parentId']);
    }
    const handle = await uniqueHandle(trx, 'categories', parsed.value.handle, parsed.value.name, null);
    const last = await trx
      .selectFrom('categories')
      .select(sql<number>`coalesce(max(position), -1)`.as('p'))
      .where(parentId ? sql<boolean>`parent_id = ${parentId}` : sql<boolean>`parent_id is null`)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('categories')
      .values({ id: uuidv7(), name: parsed.value.name, handle, description: parsed.value.description, parent_id: parentId, position: Number(last.p) + 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'category.create', subjectType: 'Category', subjectId: row.id, changes: diff(null, row, AUDITED) });
    return row;
  });
}

export async function categoryUpdate(
  db: DB,
  actor: Actor,
  id: string,
  raw: { name?: string | null; handle?: string | null; description?: string | null; version?: number | null },
): Promise<CategoryRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This category does not exist.', ['id']);
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', MESSAGES.staleVersion('category'), ['input', 'version']);
    const parsed = validate(categoryInput, { name: raw.name ?? before.name, handle: raw.handle ?? before.handle, description: raw.description ?? before.description }, ['input']);
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    const handle = parsed.value.handle === before.handle ? before.handle : await uniqueHandle(trx, 'categories', parsed.value.handle, parsed.value.name, id);
    const after = await trx
      .updateTable('categories')
      .set({ name: parsed.value.name, handle, description: parsed.value.description, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'category.update', subjectType: 'Category', subjectId: id, changes: diff(before, after, AUDITED) });
    return after;
  });
}

/** Moves a category under a new parent (null: the top) at a position among its new siblings. */
export async function categoryMove(db: DB, actor: Actor, id: string, parentIdRaw: string | null | undefined, position: number): Promise<CategoryRow> {
  return db.transaction().execute(async (trx) => {
    // One tree edit at a time, so two moves cannot make a cycle between them.
    await sql`select pg_advisory_xact_lock(7726011122)`.execute(trx);
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This category does not exist.', ['id']);
    const parentId = parentUuid(parentIdRaw);
    if (parentId) {
      if (!(await trx.selectFrom('categories').select('id').where('id', '=', parentId).executeTakeFirst())) {
        throw UserErrors.one('INVALID', 'This parent category does not exist.', ['parentId']);
      }
      if ((await subtree(trx, id)).includes(parentId)) {
        throw UserErrors.one('INVALID', 'A category cannot move inside itself or one of its subcategories.', ['parentId']);
      }
    }
    const siblings = await trx
      .selectFrom('categories')
      .select('id')
      .where(parentId ? sql<boolean>`parent_id = ${parentId}` : sql<boolean>`parent_id is null`)
      .where('id', '!=', id)
      .orderBy('position')
      .orderBy('name')
      .execute();
    const order = siblings.map((s) => s.id);
    order.splice(Math.max(0, Math.min(position, order.length)), 0, id);
    for (const [i, sid] of order.entries()) {
      await trx
        .updateTable('categories')
        .set(sid === id ? { parent_id: parentId, position: i, updated_at: sql`now()`, version: sql`version + 1` } : { position: i })
        .where('id', '=', sid)
        .execute();
    }
    const after = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'category.move', subjectType: 'Category', subjectId: id, changes: diff(before, after, ['parent_id', 'position']) });
    return after;
  });
}

/** Deletes an empty category; one with subcategories or products must be emptied first. */
export async function categoryDelete(db: DB, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This category does not exist.', ['id']);
    const [children, products] = await Promise.all([
      trx.selectFrom('categories').select(sql<number>`count(*)::int`.as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow(),
      trx.selectFrom('products').select(sql<number>`count(*)::int`.as('n')).where('category_id', '=', id).executeTakeFirstOrThrow(),
    ]);
    const errors: UserError[] = [];
    if (children.n) errors.push({ field: ['id'], code: 'HAS_DEPENDENTS', message: `This category has ${children.n} subcategor${children.n === 1 ? 'y' : 'ies'}; move or delete them first.` });
    if (products.n) errors.push({ field: ['id'], code: 'HAS_DEPENDENTS', message: `This category holds ${products.n} product${products.n === 1 ? '' : 's'}; move them to another category first.` });
    if (errors.length) throw new UserErrors(errors);
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'category.delete', subjectType: 'Category', subjectId: id, changes: diff(before, {}, AUDITED) });
  });
}
