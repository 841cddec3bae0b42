import type { CollectionKind, CollectionRuleMatch, ProductStatus } from '@stockroom/domain';
import type { Generated, Selectable } from 'kysely';
import type { Timestamp, Json } from '../../db/columns.js';

export interface CategoryTable {
  id: string;
  name: string;
  handle: string;
  description: Generated<string>;
  parent_id: string | null;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ProductOptionJson {
  name: string;
  values: string[];
}

export interface ProductTable {
  id: string;
  title: string;
  handle: string;
  description: Generated<string>;
  status: ProductStatus;
  vendor: string | null;
  product_type: string | null;
  category_id: string | null;
  tags: string[];
  /** Lowercased tags, for case-insensitive `tag:` search on a GIN index. */
  tag_keys: string[];
  options: Json<ProductOptionJson[]>;
  seo_title: string | null;
  seo_description: string | null;
  published_at: Timestamp | null;
  variant_count: Generated<number>;
  /** Lowest and highest variant price in minor units; null without variants. */
  min_price: number | null;
  max_price: number | null;
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ProductVariantTable {
  id: string;
  product_id: string;
  title: string;
  option_values: string[];
  sku: string | null;
  barcode: string | null;
  price: number;
  compare_at_price: number | null;
  cost_price: number | null;
  weight_grams: number | null;
  track_inventory: boolean;
  allow_backorder: boolean;
  low_stock_threshold: number | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CollectionRuleJson {
  field: string;
  relation: string;
  value: string;
}

export interface CollectionTable {
  id: string;
  title: string;
  handle: string;
  description: Generated<string>;
  kind: CollectionKind;
  rules: Json<CollectionRuleJson[]>;
  match: CollectionRuleMatch;
  product_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CollectionProductTable {
  collection_id: string;
  product_id: string;
  position: number;
}

export interface ProductMediaTable {
  id: string;
  product_id: string;
  position: number;
  alt: Generated<string>;
  content_hash: string;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
  filename: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** This module's tables, as Kysely sees them. */
/** A product's units available across locations, over its variants that track stock (no row when none do). */
export interface ProductStockTable {
  product_id: string;
  total_available: number;
}

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
