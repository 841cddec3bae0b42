import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { VariantRow } from './catalog.tables.js';
import { toCategory, toMedia, toVariant, type Category, type Media, type Variant } from './catalog.model.js';
import type { InventoryLevelRow } from '../inventory/inventory.tables.js';
import { toLevel, type InventoryLevel } from '../inventory/inventory.model.js';

/** Which relations of a page of products the caller will show. */
export interface ProductPageWants {
  variants: boolean;
  levels: boolean;
  media: boolean;
  categories: boolean;
}

export interface ProductPageRelations {
  variantsByProduct: Map<string, Variant[]>;
  levelsByVariant: Map<string, InventoryLevel[]>;
  mediaByProduct: Map<string, Media[]>;
  categories: Category[];
}

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
type Dated = { created_at: Date; updated_at: Date };

function revive<T extends Dated>(row: Json<T>): T {
  const r = row as unknown as T & { created_at: unknown; updated_at: unknown };
  r.created_at = new Date(row.created_at);
  r.updated_at = new Date(row.updated_at);
  return r;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * Everything a page of the product list shows beside the product rows — variants with their stock
 * per location (as one JSON column), media, categories — in at most three statements run side by
 * side, so a page costs the same few round trips whatever its size.
 */
export async function loadProductPageRelations(
  db: Executor,
  products: readonly { id: string; categoryId: string | null }[],
  want: ProductPageWants,
): Promise<ProductPageRelations> {
  const ids = products.map((p) => p.id);
  const categoryIds = [...new Set(products.flatMap((p) => (p.categoryId ? [p.categoryId] : [])))];
  const levelsJson = sql<Json<InventoryLevelRow>[]>`(
    select coalesce(json_agg(l order by l._priority, l.location_id), '[]') from (
      select il.*, loc.fulfillment_priority as _priority from inventory_levels il
      join locations loc on loc.id = il.location_id where il.variant_id = v.id) l)`;
  const [variantRows, media, categories] = await Promise.all([
    want.variants || want.levels
      ? db
          .selectFrom('product_variants as v')
          .selectAll('v')
          .$if(want.levels, (q) => q.select(levelsJson.as('_levels')))
          .where(sql<boolean>`v.product_id = any(${sql.val(ids)}::uuid[])`)
          .orderBy('v.product_id')
          .orderBy('v.position')
          .orderBy('v.id')
          .execute()
      : [],
    want.media
      ? db
          .selectFrom('product_media')
          .selectAll()
          .where(sql<boolean>`product_id = any(${sql.val(ids)}::uuid[])`)
          .orderBy('product_id')
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [],
    want.categories && categoryIds.length
      ? db
          .selectFrom('categories')
          .selectAll()
          .where(sql<boolean>`id = any(${sql.val(categoryIds)}::uuid[])`)
          .execute()
      : [],
  ]);
  const levels: InventoryLevel[] = [];
  const variants = variantRows.map((row) => {
    const { _levels, ...variant } = row as VariantRow & {
      _levels?: (Json<InventoryLevelRow> & { _priority?: number })[];
    };
    for (const l of _levels ?? []) {
      delete l._priority;
      levels.push(toLevel(revive<InventoryLevelRow>(l)));
    }
    return toVariant(variant);
  });
  const variantsByProduct = groupBy(variants, (v) => v.productId);
  const levelsByVariant = groupBy(levels, (l) => l.variantId);
  return {
    variantsByProduct,
    levelsByVariant,
    mediaByProduct: groupBy(media.map(toMedia), (m) => m.productId),
    categories: categories.map(toCategory),
  };
}
