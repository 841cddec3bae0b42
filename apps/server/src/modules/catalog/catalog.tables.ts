import type { CollectionKind, CollectionRuleMatch, ProductStatus } from '@stockroom/domain';
import type { Generated, Selectable } from 'kysely';
import { column, jsonColumn, type TableOf, type Timestamp } from '../../db/columns.js';

/*
 * The catalog's tables. Those with a mapper are declared as values (db/columns.ts): the declaration
 * is the one place a column is named; the Kysely interface and the mapper (catalog.model.ts) are
 * derived from it. A new column is one line here plus its migration.
 */

export const categoryColumns = {
  id: column<string>(),
  name: column<string>(),
  handle: column<string>(),
  description: column<Generated<string>>(),
  parent_id: column<string | null>(),
  position: column<Generated<number>>(),
  created_at: column<Timestamp>(),
  updated_at: column<Timestamp>(),
  version: column<Generated<number>>(),
};
export type CategoryTable = TableOf<typeof categoryColumns>;

export interface ProductOptionJson {
  name: string;
  values: string[];
}

export const productColumns = {
  id: column<string>(),
  title: column<string>(),
  handle: column<string>(),
  description: column<Generated<string>>(),
  status: column<ProductStatus>(),
  vendor: column<string | null>(),
  product_type: column<string | null>(),
  category_id: column<string | null>(),
  tags: column<string[]>(),
  /** Lowercased tags, for case-insensitive `tag:` search on a GIN index. */
  tag_keys: column<string[]>(),
  options: jsonColumn<ProductOptionJson[]>(),
  seo_title: column<string | null>(),
  seo_description: column<string | null>(),
  published_at: column<Timestamp | null>(),
  variant_count: column<Generated<number>>(),
  /** Lowest and highest variant price in minor units; null without variants. */
  min_price: column<number | null>(),
  max_price: column<number | null>(),
  search_text: column<Generated<string>>(),
  created_at: column<Timestamp>(),
  updated_at: column<Timestamp>(),
  version: column<Generated<number>>(),
};
export type ProductTable = TableOf<typeof productColumns>;

export const variantColumns = {
  id: column<string>(),
  product_id: column<string>(),
  title: column<string>(),
  option_values: column<string[]>(),
  sku: column<string | null>(),
  barcode: column<string | null>(),
  price: column<number>(),
  compare_at_price: column<number | null>(),
  cost_price: column<number | null>(),
  weight_grams: column<number | null>(),
  track_inventory: column<boolean>(),
  allow_backorder: column<boolean>(),
  low_stock_threshold: column<number | null>(),
  position: column<number>(),
  created_at: column<Timestamp>(),
  updated_at: column<Timestamp>(),
  version: column<Generated<number>>(),
};
export type ProductVariantTable = TableOf<typeof variantColumns>;

export interface CollectionRuleJson {
  field: string;
  relation: string;
  value: string;
}

export const collectionColumns = {
  id: column<string>(),
  title: column<string>(),
  handle: column<string>(),
  description: column<Generated<string>>(),
  kind: column<CollectionKind>(),
  rules: jsonColumn<CollectionRuleJson[]>(),
  match: column<CollectionRuleMatch>(),
  product_count: column<Generated<number>>(),
  created_at: column<Timestamp>(),
  updated_at: column<Timestamp>(),
  version: column<Generated<number>>(),
};
export type CollectionTable = TableOf<typeof collectionColumns>;

export interface CollectionProductTable {
  collection_id: string;
  product_id: string;
  position: number;
}

export const mediaColumns = {
  id: column<string>(),
  product_id: column<string>(),
  position: column<number>(),
  alt: column<Generated<string>>(),
  content_hash: column<string>(),
  mime_type: column<string>(),
  width: column<number>(),
  height: column<number>(),
  size_bytes: column<number>(),
  filename: column<string>(),
  created_at: column<Timestamp>(),
  updated_at: column<Timestamp>(),
  version: column<Generated<number>>(),
};
export type ProductMediaTable = TableOf<typeof mediaColumns>;

/** A product's units available across locations, over its variants that track stock (no row when none do). */
export interface ProductStockTable {
  product_id: string;
  total_available: number;
}

/** This module's tables, as Kysely sees them. */
export interface CatalogTables {
  categories: CategoryTable;
  products: ProductTable;
  product_stock: ProductStockTable;
  product_variants: ProductVariantTable;
  collections: CollectionTable;
  collection_products: CollectionProductTable;
  product_media: ProductMediaTable;
}

export type CategoryRow = Selectable<CategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type VariantRow = Selectable<ProductVariantTable>;
export type CollectionRow = Selectable<CollectionTable>;
export type MediaRow = Selectable<ProductMediaTable>;
