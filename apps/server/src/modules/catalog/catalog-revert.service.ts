import { DomainError, encodeId, formatMinor } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Revertable } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import * as products from './product.repository.js';
import * as variants from './variant.repository.js';
import { lockCollection } from './collection.repository.js';
import { collectionUpdate } from './collection.service.js';
import {
  inputFromRow,
  PRODUCT_AUDITED,
  productUpdate,
  variantSummary,
  type ProductUpdateInput,
} from './product.service.js';

/** Column names as events record them → productUpdate's input names. */
const PRODUCT_INPUT: Record<(typeof PRODUCT_AUDITED)[number], string> = {
  title: 'title',
  handle: 'handle',
  description: 'description',
  status: 'status',
  vendor: 'vendor',
  product_type: 'productType',
  category_id: 'categoryId',
  tags: 'tags',
  options: 'options',
  seo_title: 'seoTitle',
  seo_description: 'seoDescription',
};

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
    const values: Record<string, unknown> = Object.fromEntries(PRODUCT_AUDITED.map((f) => [f, row[f]]));
    values['variants'] = (await variants.variantsOfProducts(trx, [row.id])).map(variantSummary);
    return values;
  },
  async restore(trx: Tx, actor: Actor, id, before) {
    const patch: ProductUpdateInput = {};
    for (const [field, value] of Object.entries(before)) {
      if (field === 'variants') continue;
      const name = PRODUCT_INPUT[field as keyof typeof PRODUCT_INPUT];
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
  const currency = (await storeSettings(trx)).currency_code.trim();
  const format = (minor: number) => formatMinor(minor, currency);
  const byId = new Map(list.map((v) => [v.id, v]));
  return inputFromRow(row, existing, format).variants.map((v) => {
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
    return { ...Object.fromEntries(COLLECTION_FIELDS.map((f) => [f, row[f]])), kind: row.kind };
  },
  async restore(trx, actor, id, before) {
    if ('kind' in before)
      throw DomainError.one('INVALID_TRANSITION', 'A collection cannot change between manual and automated.');
    await collectionUpdate(trx, actor, id!, before);
  },
};
