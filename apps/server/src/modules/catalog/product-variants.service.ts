import {
  decodeIdOf,
  DomainError,
  variantMatrix,
  variantTitle,
  type ProductInput,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import type { Variant } from './catalog.model.js';
import type { inputFromProduct } from './product-values.js';
import * as variants from './variant.repository.js';
import { variantStock, type StartingStockArrival, type StartingStockInput } from './variant-stock.js';

/*
 * The variant side of a product's create and update (product.service.ts): the variants an input
 * makes, their SKUs checked, and the stored list replaced by the input's (matched by id or options).
 */

export type VariantValues = ProductInput['variants'][number];

/**
 * What a variant's input writes: its own fields as given (the input's fields are the variant's, by
 * the same names), its title from its options, and its place in the list.
 */
export function variantValues(v: VariantValues, position: number): variants.VariantWrite {
  const { id: _id, ...fields } = v;
  return { ...fields, title: variantTitle(v.optionValues), position };
}

/** With no variants given, every combination of the options, priced 0 (one "Default" variant without options). */
export function variantsOrMatrix(input: ProductInput): VariantValues[] {
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
export function startingStockOf(raw: unknown): StartingStockInput[][] {
  const list = (raw as { variants?: unknown } | null)?.variants;
  if (!Array.isArray(list)) return [];
  return list.map((v) => {
    const stock = (v as { startingStock?: unknown } | null)?.startingStock;
    return Array.isArray(stock) ? (stock as StartingStockInput[]) : [];
  });
}

export async function checkSkus(
  trx: Tx,
  list: ProductInput['variants'],
  productId: string | null,
): Promise<void> {
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

/** Adds a new product's variants, with a stock level at every active location and their starting stock. */
export async function insertVariants(
  trx: Tx,
  actor: Actor,
  productId: string,
  planned: VariantValues[],
  starting: StartingStockInput[][],
): Promise<void> {
  const made = planned.map((v, i) => ({ id: uuidv7(), productId, ...variantValues(v, i) }));
  await variants.insertVariants(trx, made);
  const stock = variantStock();
  await stock.ensureLevels(
    trx,
    made.map((v) => v.id),
  );
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
}

/**
 * Makes the product's variants the input's full list: variants matched by id (or else by option
 * values) keep their identity and are updated, new ones are added (with their starting stock), and
 * the ones left out are removed — unless an order holds them.
 */
export async function replaceVariants(
  trx: Tx,
  actor: Actor,
  productId: string,
  list: VariantValues[],
  existing: Variant[],
  starting: StartingStockInput[][],
): Promise<void> {
  const plan = matchVariants(list, existing);
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
}

/** A variant's id in input: its API ID, or (from undo and other services) the stored one. */
function storedVariantId(id: string): string | null {
  return id.includes('_') ? decodeIdOf('ProductVariant', id) : id;
}

export function keepUnsaid(
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
