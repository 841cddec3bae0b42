import {
  decodeIdOf,
  formatMinor,
  MESSAGES,
  productSchema,
  validate,
  variantMatrix,
  variantTitle,
  type ProductInput,
  type UserError,
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
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { syncAutomatedCollections } from './collection.service.js';
import { variantStock, type StartingStockArrival, type StartingStockInput } from './variant-stock.js';

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

async function storeCurrency(db: Executor): Promise<string> {
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

async function checkSkus(trx: Tx, list: ProductInput['variants'], productId: string | null): Promise<void> {
  const skus = list.map((v) => v.sku).filter((s): s is string => Boolean(s));
  await lockUniqueValues(trx, 'sku', skus);
  const owners = await variants.skuOwners(trx, skus, productId);
  if (!owners.length) return;
  const errors: UserError[] = [];
  list.forEach((v, i) => {
    const owner = v.sku && owners.find((o) => o.sku?.toLowerCase() === v.sku!.toLowerCase());
    if (owner) {
      errors.push({
        field: ['input', 'variants', String(i), 'sku'],
        code: 'TAKEN',
        message: `This SKU is already used by ${owner.productTitle}.`,
      });
    }
  });
  throw new DomainError(errors);
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

function productValues(input: ProductInput, handle: string, categoryId: string | null): repo.ProductWrite {
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

type VariantValues = ProductInput['variants'][number];

function variantValues(v: VariantValues, position: number): variants.VariantWrite {
  return {
    title: variantTitle(v.optionValues),
    optionValues: v.optionValues,
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    compareAtPrice: v.compareAtPrice,
    costPrice: v.costPrice,
    weightGrams: v.weightGrams,
    trackInventory: v.trackInventory,
    allowBackorder: v.allowBackorder,
    lowStockThreshold: v.lowStockThreshold,
    position,
  };
}

/** With no variants given, every combination of the options, priced 0 (one "Default" variant without options). */
function variantsOrMatrix(input: ProductInput): VariantValues[] {
  if (input.variants.length) return input.variants;
  return variantMatrix(input.options).map((optionValues) => ({
    optionValues,
    sku: null,
    barcode: null,
    price: 0,
    compareAtPrice: null,
    costPrice: null,
    weightGrams: null,
    trackInventory: true,
    allowBackorder: false,
    lowStockThreshold: null,
  }));
}

/** Each input variant's `startingStock` (read before validation, which keeps only the variant's own fields). */
function startingStockOf(raw: unknown): StartingStockInput[][] {
  const list = (raw as { variants?: unknown } | null)?.variants;
  if (!Array.isArray(list)) return [];
  return list.map((v) => {
    const stock = (v as { startingStock?: unknown } | null)?.startingStock;
    return Array.isArray(stock) ? (stock as StartingStockInput[]) : [];
  });
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
  const made = planned.map((v, i) => ({ id: uuidv7(), productId: product.id, ...variantValues(v, i) }));
  await variants.insertVariants(trx, made);
  const stock = variantStock();
  await stock.ensureLevels(
    trx,
    made.map((v) => v.id),
  );
  const starting = input.variants.length ? startingStockOf(raw) : [];
  await stock.receiveStartingStock(
    trx,
    actor,
    made.map((v, i) => ({
      variantId: v.id,
      tracked: v.trackInventory,
      stock: starting[i] ?? [],
      field: ['input', 'variants', String(i)],
    })),
  );
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

  const plan = matchVariants(input.variants, existing);
  const kept = new Set(plan.flatMap((p) => (p.match ? [p.match.id] : [])));
  const removed = existing.filter((v) => !kept.has(v.id));
  // Order lines keep their snapshot, but the variant's committed stock and history would go with it.
  const onOrders = await variants.orderCountsOfVariants(
    trx,
    removed.map((v) => v.id),
  );
  if (onOrders.size) {
    throw new DomainError(
      removed
        .filter((v) => onOrders.has(v.id))
        .map((v) => ({
          code: 'HAS_DEPENDENTS' as const,
          field: ['input', 'variants'],
          message: `The variant ${v.title} is on ${onOrders.get(v.id)!.toLocaleString('en-US')} order${onOrders.get(v.id) === 1 ? '' : 's'}; keep it, or archive the product instead.`,
        })),
    );
  }
  await variants.deleteVariants(
    trx,
    removed.map((v) => v.id),
  );
  const starting = startingStockOf(patch);
  const arrivals: StartingStockArrival[] = [];
  for (const { values, match, position } of plan) {
    const field = ['input', 'variants', String(position)];
    if (match) {
      if (starting[position]?.some((s) => s.quantity !== 0))
        throw DomainError.one(
          'INVALID',
          `${match.title} exists already; change its stock in Inventory or on its variant page.`,
          [...field, 'startingStock'],
        );
      await variants.updateVariant(trx, match.id, variantValues(values, position));
    } else {
      const id = uuidv7();
      await variants.insertVariants(trx, [{ id, productId, ...variantValues(values, position) }]);
      arrivals.push({
        variantId: id,
        tracked: values.trackInventory,
        stock: starting[position] ?? [],
        field,
      });
    }
  }
  // New variants, and variants that begin to track stock, get a level at every active location.
  const stock = variantStock();
  await stock.ensureLevels(
    trx,
    plan
      .map((p) => p.match?.id ?? null)
      .filter((id): id is string => id !== null)
      .concat(arrivals.map((a) => a.variantId)),
  );
  await stock.receiveStartingStock(trx, actor, arrivals);
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

/** A variant's id in input: its API ID, or (from undo and other services) the stored one. */
function storedVariantId(id: string): string | null {
  return id.includes('_') ? decodeIdOf('ProductVariant', id) : id;
}

function keepUnsaid(
  given: { id?: string | null } & Record<string, unknown>,
  stored: ReturnType<typeof inputFromProduct>['variants'],
) {
  const uuid = given.id ? storedVariantId(given.id) : null;
  const was = uuid ? stored.find((v) => v.id === uuid) : undefined;
  if (!was) return given;
  return { ...was, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
}

/** Pairs each input variant with the stored one it keeps: by id, else by option values (each stored variant once). */
function matchVariants(
  list: VariantValues[],
  existing: Variant[],
): { values: VariantValues; match: Variant | undefined; position: number }[] {
  const byId = new Map(existing.map((v) => [v.id, v]));
  const byOptions = new Map(
    existing.map((v) => [v.optionValues.map((o) => o.toLowerCase()).join('\u0000'), v]),
  );
  const kept = new Set<string>();
  return list.map((v, i) => {
    let match: Variant | undefined;
    if (v.id) {
      const uuid = storedVariantId(v.id);
      match = uuid ? byId.get(uuid) : undefined;
      if (!match)
        throw DomainError.one('INVALID', 'This variant is not part of the product.', [
          'input',
          'variants',
          String(i),
          'id',
        ]);
    } else {
      match = byOptions.get(v.optionValues.map((o) => o.toLowerCase()).join('\u0000'));
      if (match && kept.has(match.id)) match = undefined;
    }
    if (match) kept.add(match.id);
    return { values: v, match, position: i };
  });
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
