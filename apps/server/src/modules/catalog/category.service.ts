import { decodeIdOf, handleSchema, MESSAGES, nameSchema, validate, type UserError } from '@stockroom/domain';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/database.js';
import type { Category } from './catalog.model.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { uniqueHandle } from './handle.service.js';
import * as repo from './category.repository.js';

const categoryInput = z.object({
  name: nameSchema,
  handle: z
    .union([z.literal(''), handleSchema])
    .nullish()
    .transform((v) => v || null),
  description: z
    .string()
    .max(65_535, { message: 'Use at most 65,535 characters.' })
    .nullish()
    .transform((v) => v ?? ''),
});

const AUDITED = ['name', 'handle', 'description', 'parentId', 'position'] as const;

/** The whole tree in depth-first order: each category right after its parent, siblings by position. */
export function listCategories(db: Executor): Promise<Category[]> {
  return repo.listCategoryTree(db);
}

function parentUuid(id: string | null | undefined): string | null {
  if (!id) return null;
  const uuid = decodeIdOf('Category', id);
  if (!uuid) throw DomainError.one('INVALID', 'This parent category does not exist.', ['input', 'parentId']);
  return uuid;
}

export async function categoryCreate(
  trx: Tx,
  actor: Actor,
  raw: {
    name?: string | null;
    handle?: string | null;
    description?: string | null;
    parentId?: string | null;
  },
  id: string = uuidv7(),
): Promise<Category> {
  const parsed = validate(categoryInput, raw, ['input']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const parentId = parentUuid(raw.parentId);
  if (parentId && !(await repo.categoryExists(trx, parentId))) {
    throw DomainError.one('INVALID', 'This parent category does not exist.', ['input', 'parentId']);
  }
  const handle = await uniqueHandle(trx, 'categories', parsed.value.handle, parsed.value.name, null);
  const position = await repo.nextCategoryPosition(trx, parentId);
  const row = await repo.insertCategory(trx, {
    id,
    name: parsed.value.name,
    handle,
    description: parsed.value.description,
    parentId,
    position,
  });
  await recordAudit(trx, actor, {
    action: 'category.create',
    subjectType: 'Category',
    subjectId: row.id,
    changes: diff(null, row, AUDITED),
  });
  return row;
}

export async function categoryUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  raw: { name?: string | null; handle?: string | null; description?: string | null; version?: number | null },
): Promise<Category> {
  const before = await repo.lockCategory(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This category does not exist.', ['id']);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('category'), ['input', 'version']);
  const parsed = validate(
    categoryInput,
    {
      name: raw.name ?? before.name,
      handle: raw.handle ?? before.handle,
      description: raw.description ?? before.description,
    },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const handle =
    parsed.value.handle === before.handle
      ? before.handle
      : await uniqueHandle(trx, 'categories', parsed.value.handle, parsed.value.name, id);
  const after = await repo.updateCategory(trx, id, {
    name: parsed.value.name,
    handle,
    description: parsed.value.description,
  });
  await recordAudit(trx, actor, {
    action: 'category.update',
    subjectType: 'Category',
    subjectId: id,
    changes: diff(before, after, AUDITED),
  });
  return after;
}

/** Moves a category under a new parent (null: the top) at a position among its new siblings. */
export async function categoryMove(
  trx: Tx,
  actor: Actor,
  id: string,
  parentIdRaw: string | null | undefined,
  position: number,
): Promise<Category> {
  await repo.lockCategoryTree(trx);
  const before = await repo.findCategory(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This category does not exist.', ['id']);
  const parentId = parentUuid(parentIdRaw);
  if (parentId) {
    if (!(await repo.categoryExists(trx, parentId))) {
      throw DomainError.one('INVALID', 'This parent category does not exist.', ['parentId']);
    }
    if ((await repo.subtreeIds(trx, id)).includes(parentId)) {
      throw DomainError.one('INVALID', 'A category cannot move inside itself or one of its subcategories.', [
        'parentId',
      ]);
    }
  }
  const order = await repo.siblingIds(trx, parentId, id);
  order.splice(Math.max(0, Math.min(position, order.length)), 0, id);
  let after: Category | undefined;
  for (const [i, sid] of order.entries()) {
    if (sid === id) after = await repo.updateCategory(trx, id, { parentId, position: i });
    else await repo.setCategoryPosition(trx, sid, i);
  }
  await recordAudit(trx, actor, {
    action: 'category.move',
    subjectType: 'Category',
    subjectId: id,
    changes: diff(before, after!, ['parentId', 'position']),
  });
  return after!;
}

/** Deletes an empty category; one with subcategories or products must be emptied first. */
export async function categoryDelete(trx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await repo.lockCategory(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This category does not exist.', ['id']);
  const { children, products } = await repo.categoryDependents(trx, id);
  const errors: UserError[] = [];
  if (children)
    errors.push({
      field: ['id'],
      code: 'HAS_DEPENDENTS',
      message: `This category has ${children} subcategor${children === 1 ? 'y' : 'ies'}; move or delete them first.`,
    });
  if (products)
    errors.push({
      field: ['id'],
      code: 'HAS_DEPENDENTS',
      message: `This category holds ${products} product${products === 1 ? '' : 's'}; move them to another category first.`,
    });
  if (errors.length) throw new DomainError(errors);
  await repo.deleteCategory(trx, id);
  await recordAudit(trx, actor, {
    action: 'category.delete',
    subjectType: 'Category',
    subjectId: id,
    changes: diff(before, {}, AUDITED),
  });
}
