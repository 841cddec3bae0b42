import {
  decodeIdOf,
  formatMinor,
  MESSAGES,
  productSchema,
  validate,
  type ProductInput,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Product, Variant } from './catalog.model.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import * as repo from './product.repository.js';
import { inputFromProduct, variantRecord, variantSummary } from './product-values.js';
import * as variants from './variant.repository.js';
import { categoryExists } from './category.repository.js';
import { sanitizeDescription } from './sanitize.js';
import { uniqueHandle } from './handle.service.js';
import { syncAutomatedCollections } from './collection.service.js';
import {
  checkSkus,
  insertVariants,
  keepUnsaid,
  replaceVariants,
  startingStockOf,
  variantValues,
  variantsOrMatrix,
} from './product-variants.service.js';

/** Product fields whose before/after the audit log keeps. */
/** The product's own fields its audit events record (variants go as a summary). */
export const PRODUCT_AUDITED = [
  'title',
  'handle',
  'description',
  'status',
  'vendor',
  'productType',
  'categoryId',
  'tags',
  'options',
  'seoTitle',
  'seoDescription',
] as const satisfies readonly (keyof Product)[];

export async function storeCurrency(db: Executor): Promise<string> {
  return (await storeSettings(db)).currencyCode;
}

/** Keeps the current handle unless a new one is given; otherwise as lib/handles.ts decides. */
async function chooseHandle(
  trx: Tx,
  given: string | null,
  title: string,
  productId: string | null,
  current?: string,
): Promise<string> {
  if (!given && current) return current;
  return uniqueHandle(trx, 'products', given, title, productId);
}

async function resolveCategory(trx: Tx, categoryId: string | null | undefined): Promise<string | null> {
  if (!categoryId) return null;
  const uuid = decodeIdOf('Category', categoryId);
  if (!uuid || !(await categoryExists(trx, uuid)))
    throw DomainError.one('INVALID', 'This category does not exist.', ['input', 'categoryId']);
  return uuid;
}

function validateInput(raw: unknown, currency: string): ProductInput {
  const parsed = validate(productSchema(currency), raw, ['input']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  return parsed.value;
}

export function productValues(
  input: ProductInput,
  handle: string,
  categoryId: string | null,
): repo.ProductWrite {
  return {
    title: input.title,
    handle,
    description: sanitizeDescription(input.description),
    status: input.status,
    vendor: input.vendor,
    productType: input.productType,
    categoryId,
    tags: input.tags,
    options: input.options,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  };
}

/** Makes a product; `id` only when undo brings a deleted one back under its old ID. */
export async function productCreate(
  trx: Tx,
  actor: Actor,
  raw: unknown,
  id: string = uuidv7(),
): Promise<Product> {
  const input = validateInput(raw, await storeCurrency(trx));
  const categoryId = await resolveCategory(trx, input.categoryId);
  const handle = await chooseHandle(trx, input.handle, input.title, null);
  const planned = variantsOrMatrix(input);
  await checkSkus(trx, planned, null);
  const product = await repo.insertProduct(
    trx,
    id,
    productValues(input, handle, categoryId),
    input.status === 'ACTIVE',
  );
  await insertVariants(trx, actor, product.id, planned, input.variants.length ? startingStockOf(raw) : []);
  await repo.refreshProductSummary(trx, product.id);
  await syncAutomatedCollections(trx, [product.id]);
  await recordAudit(trx, actor, {
    action: 'product.create',
    subjectType: 'Product',
    subjectId: product.id,
    changes: {
      ...diff(null, product, PRODUCT_AUDITED),
      variants: { before: null, after: planned.map((v) => variantSummary(variantValues(v, 0))) },
    },
  });
  return (await repo.findProduct(trx, product.id))!;
}

export interface ProductUpdateInput {
  version?: number | null;
  categoryId?: string | null;
  variants?: ({ id?: string | null } & Record<string, unknown>)[] | null;
  [field: string]: unknown;
}

/**
 * Updates a product. Fields left out keep their values; `variants`, when given, is the full list:
 * variants matched by id (or else by option values) keep their identity and data, new ones are
 * added, and the ones left out are removed.
 */
export async function productUpdate(
  trx: Tx,
  actor: Actor,
  productId: string,
  patch: ProductUpdateInput,
): Promise<Product> {
  const currency = await storeCurrency(trx);
  const before = await repo.lockProduct(trx, productId);
  if (!before) throw DomainError.one('INVALID', 'This product does not exist.', ['id']);
  if (patch.version != null && patch.version !== before.version) {
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('product'), ['input', 'version']);
  }
  const existing = await variants.variantsOfProducts(trx, [productId]);
  const current = inputFromProduct(before, existing, (m) => formatMinor(m, currency));
  const merged = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    // A listed variant's fields left out keep their values (a price change must not clear the SKU).
    variants: patch.variants?.map((v) => keepUnsaid(v, current.variants)) ?? current.variants,
  };
  const input = validateInput(merged, currency);
  const categoryId =
    patch.categoryId !== undefined ? await resolveCategory(trx, patch.categoryId) : before.categoryId;
  const handle = await chooseHandle(
    trx,
    input.handle === before.handle ? null : input.handle,
    input.title,
    productId,
    before.handle,
  );
  await checkSkus(trx, input.variants, productId);

  await replaceVariants(trx, actor, productId, input.variants, existing, startingStockOf(patch));
  const after = (await repo.updateProduct(
    trx,
    productId,
    productValues(input, handle, categoryId),
    input.status === 'ACTIVE',
  ))!;
  await repo.refreshProductSummary(trx, productId);
  await syncAutomatedCollections(trx, [productId]);
  const afterVariants = await variants.variantsOfProducts(trx, [productId]);
  const changes = diff(before, after, PRODUCT_AUDITED);
  const b = existing.map(variantSummary);
  const a = afterVariants.map(variantSummary);
  if (JSON.stringify(a) !== JSON.stringify(b)) changes['variants'] = { before: b, after: a };
  await recordAudit(trx, actor, {
    action: 'product.update',
    subjectType: 'Product',
    subjectId: productId,
    changes,
  });
  return (await repo.findProduct(trx, productId))!;
}

function onOrdersMessage(n: number): string {
  return `This product is on ${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}; archive it instead.`;
}

export async function productDelete(trx: Tx, actor: Actor, productId: string): Promise<void> {
  const before = await repo.lockProduct(trx, productId);
  if (!before) throw DomainError.one('INVALID', 'This product does not exist.', ['id']);
  const onOrders = (await repo.orderCountsOfProducts(trx, [productId])).get(productId);
  if (onOrders) throw DomainError.one('HAS_DEPENDENTS', onOrdersMessage(onOrders), ['id']);
  const gone = await variants.variantsOfProducts(trx, [productId]);
  await repo.deleteProduct(trx, productId);
  await recordAudit(trx, actor, {
    action: 'product.delete',
    subjectType: 'Product',
    subjectId: productId,
    // Enough of each variant for undo to make it again (not its stock, which went with it).
    changes: {
      ...diff(before, {}, PRODUCT_AUDITED),
      variants: { before: gone.map(variantRecord), after: null },
    },
  });
}

/** For other modules (discounts): these products, those that exist. */
export function productsByIds(db: Executor, ids: readonly string[]): Promise<Product[]> {
  return ids.length ? repo.findProductsByIds(db, ids) : Promise.resolve([]);
}

/** For other modules (the products importer): the variants of these products, each product's in order. */
export function variantsOfProducts(db: Executor, productIds: readonly string[]): Promise<Variant[]> {
  return variants.variantsOfProducts(db, productIds);
}

/** For other modules (the products importer's undo): these variants, those that exist. */
export function variantsByIds(db: Executor, ids: readonly string[]): Promise<Variant[]> {
  return variants.findVariantsByIds(db, ids);
}
