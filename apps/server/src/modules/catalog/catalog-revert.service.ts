import { DomainError, encodeId, formatMinor, type CollectionKind } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { eventField, type Restorable, type Revertable } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import * as products from './product.repository.js';
import * as variants from './variant.repository.js';
import { lockCollection } from './collection.repository.js';
import { collectionCreate, collectionUpdate, productsStillThere } from './collection.service.js';
import { categoryCreate } from './category.service.js';
import { categoryExists } from './category.repository.js';
import { PRODUCT_AUDITED, productCreate, productUpdate, type ProductUpdateInput } from './product.service.js';
import { inputFromProduct, variantSummary } from './product-values.js';

/** The names events record (see eventField) → productUpdate's input names. */
const PRODUCT_INPUT = new Map<string, string>(PRODUCT_AUDITED.map((field) => [eventField(field), field]));

interface VariantSummary {
  id?: string;
  sku: string | null;
  price: number;
  compareAtPrice: number | null;
}

export const productRevertable: Revertable = {
  noun: 'product',
  permission: 'CATALOG_WRITE',
  async current(trx, id) {
    const row = id ? await products.lockProduct(trx, id) : undefined;
    if (!row) return null;
    const values: Record<string, unknown> = Object.fromEntries(
      PRODUCT_AUDITED.map((f) => [eventField(f), row[f]]),
    );
    values['variants'] = (await variants.variantsOfProducts(trx, [row.id])).map(variantSummary);
    return values;
  },
  async restore(trx: Tx, actor: Actor, id, before) {
    const patch: ProductUpdateInput = {};
    for (const [field, value] of Object.entries(before)) {
      if (field === 'variants') continue;
      const name = PRODUCT_INPUT.get(field);
      if (!name) continue;
      patch[name] = name === 'categoryId' && typeof value === 'string' ? encodeId('Category', value) : value;
    }
    if ('variants' in before) patch.variants = await variantsAsBefore(trx, id!, before['variants']);
    await productUpdate(trx, actor, id!, patch);
  },
};

/** The product's variants as productUpdate input, with each one's SKU and prices as they were. */
async function variantsAsBefore(trx: Tx, productId: string, recorded: unknown) {
  const list = (Array.isArray(recorded) ? recorded : []) as VariantSummary[];
  const row = (await products.lockProduct(trx, productId))!;
  const existing = await variants.variantsOfProducts(trx, [productId]);
  const sameSet =
    list.length === existing.length &&
    list.every((v) => v.id !== undefined && existing.some((e) => e.id === v.id));
  if (!sameSet)
    throw DomainError.one(
      'INVALID_TRANSITION',
      'This change added or removed variants, which undo cannot bring back. Edit the variants on the product instead.',
    );
  const currency = (await storeSettings(trx)).currencyCode;
  const format = (minor: number) => formatMinor(minor, currency);
  const byId = new Map(list.map((v) => [v.id, v]));
  return inputFromProduct(row, existing, format).variants.map((v) => {
    const was = byId.get(v.id)!;
    return {
      ...v,
      sku: was.sku,
      price: format(was.price),
      compareAtPrice: was.compareAtPrice === null ? null : format(was.compareAtPrice),
    };
  });
}

const COLLECTION_FIELDS = ['title', 'handle', 'description', 'rules', 'match'] as const;

export const collectionRevertable: Revertable = {
  noun: 'collection',
  permission: 'CATALOG_WRITE',
  async current(trx, id) {
    const row = id ? await lockCollection(trx, id) : undefined;
    if (!row) return null;
    return { ...Object.fromEntries(COLLECTION_FIELDS.map((f) => [eventField(f), row[f]])), kind: row.kind };
  },
  async restore(trx, actor, id, before) {
    if ('kind' in before)
      throw DomainError.one('INVALID_TRANSITION', 'A collection cannot change between manual and automated.');
    await collectionUpdate(trx, actor, id!, before);
  },
};

interface VariantRecord extends VariantSummary {
  optionValues?: string[];
  barcode?: string | null;
  costPrice?: number | null;
  weightGrams?: number | null;
  trackInventory?: boolean;
  allowBackorder?: boolean;
  lowStockThreshold?: number | null;
}

/** A category that still exists, as an ID for input; else none (it was deleted too). */
async function categoryIfThere(trx: Tx, uuid: unknown): Promise<string | null> {
  return typeof uuid === 'string' && (await categoryExists(trx, uuid)) ? encodeId('Category', uuid) : null;
}

export const productRestorable: Restorable = {
  noun: 'product',
  permission: 'CATALOG_WRITE',
  exists: async (trx, id) => Boolean(await products.lockProduct(trx, id)),
  async recreate(trx, actor, id, before) {
    const recorded = before['variants'];
    if (!Array.isArray(recorded) || !recorded.length)
      throw DomainError.one(
        'INVALID_TRANSITION',
        'This deletion was recorded without the product’s variants, so it can’t be undone.',
      );
    const currency = (await storeSettings(trx)).currencyCode;
    const money = (minor: number | null | undefined) => (minor == null ? null : formatMinor(minor, currency));
    const raw: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(before)) {
      const name = PRODUCT_INPUT.get(field);
      if (name) raw[name] = value;
    }
    raw['categoryId'] = await categoryIfThere(trx, before['category_id']);
    raw['variants'] = (recorded as VariantRecord[]).map((v) => ({
      optionValues: v.optionValues ?? [],
      sku: v.sku,
      barcode: v.barcode ?? null,
      price: money(v.price),
      compareAtPrice: money(v.compareAtPrice),
      costPrice: money(v.costPrice),
      weightGrams: v.weightGrams ?? null,
      trackInventory: v.trackInventory ?? true,
      allowBackorder: v.allowBackorder ?? false,
      lowStockThreshold: v.lowStockThreshold ?? null,
    }));
    await productCreate(trx, actor, raw, id);
  },
};

export const collectionRestorable: Restorable = {
  noun: 'collection',
  permission: 'CATALOG_WRITE',
  exists: async (trx, id) => Boolean(await lockCollection(trx, id)),
  async recreate(trx, actor, id, before) {
    const members = Array.isArray(before['products']) ? (before['products'] as string[]) : [];
    await collectionCreate(
      trx,
      actor,
      {
        title: before['title'] as string,
        handle: before['handle'] as string,
        description: before['description'] as string,
        kind: before['kind'] as CollectionKind,
        match: before['match'] as never,
        rules: before['rules'] as never,
        productIds: await productsStillThere(trx, members),
      },
      id,
    );
  },
};

export const categoryRestorable: Restorable = {
  noun: 'category',
  permission: 'CATALOG_WRITE',
  exists: (trx, id) => categoryExists(trx, id),
  async recreate(trx, actor, id, before) {
    await categoryCreate(
      trx,
      actor,
      {
        name: before['name'] as string,
        handle: before['handle'] as string,
        description: before['description'] as string,
        parentId: await categoryIfThere(trx, before['parent_id']),
      },
      id,
    );
  },
};
