import type { Selectable } from 'kysely';
import { tableRow, type Camel, type RowOf } from '../../db/row.js';
import type {
  CategoryTable,
  CollectionTable,
  ProductMediaTable,
  ProductTable,
  ProductVariantTable,
} from './catalog.tables.js';

/**
 * The catalog's domain objects: what repositories hand the rest of the server, derived from the
 * tables (db/row.ts). Only repositories (and this file) know the tables' column names.
 */

/** A product's row as the app reads it: every column but the search columns no domain object carries. */
export const productRow = tableRow<ProductTable>()(
  [
    'id',
    'title',
    'handle',
    'description',
    'status',
    'vendor',
    'product_type',
    'category_id',
    'tags',
    'options',
    'seo_title',
    'seo_description',
    'published_at',
    'variant_count',
    'min_price',
    'max_price',
    'created_at',
    'updated_at',
    'version',
  ] as const,
  { omit: ['search_text', 'tag_keys'], json: ['options'] },
);

export type Product = Camel<Omit<Selectable<ProductTable>, 'search_text' | 'tag_keys'>> & {
  /**
   * Units available across all locations for the variants that track stock; null when none do;
   * undefined when the query that read the product did not join product_stock (a loader reads it).
   */
  totalAvailable?: number | null;
};

/** A product row as lists read it: with its units available when the query joined product_stock. */
export type ProductListRow = RowOf<ProductTable, (typeof productRow.columns)[number]> & {
  total_available?: number | null;
};

export function toProduct(r: ProductListRow): Product {
  return { ...productRow.of(r), totalAvailable: r.total_available };
}

export const variantRow = tableRow<ProductVariantTable>()([
  'id',
  'product_id',
  'title',
  'option_values',
  'sku',
  'barcode',
  'price',
  'compare_at_price',
  'cost_price',
  'weight_grams',
  'track_inventory',
  'allow_backorder',
  'low_stock_threshold',
  'position',
  'created_at',
  'updated_at',
  'version',
] as const);
export type Variant = Camel<Selectable<ProductVariantTable>>;
/** The variant of a row, under the name the orders module imports it by. */
export const toVariant = variantRow.of;

export const categoryRow = tableRow<CategoryTable>()([
  'id',
  'name',
  'handle',
  'description',
  'parent_id',
  'position',
  'created_at',
  'updated_at',
  'version',
] as const);
export type Category = Camel<Selectable<CategoryTable>>;

export const collectionRow = tableRow<CollectionTable>()(
  [
    'id',
    'title',
    'handle',
    'description',
    'kind',
    'rules',
    'match',
    'product_count',
    'created_at',
    'updated_at',
    'version',
  ] as const,
  { json: ['rules'] },
);
export type Collection = Camel<Selectable<CollectionTable>>;

export const mediaRow = tableRow<ProductMediaTable>()([
  'id',
  'product_id',
  'position',
  'alt',
  'content_hash',
  'mime_type',
  'width',
  'height',
  'size_bytes',
  'filename',
  'created_at',
  'updated_at',
  'version',
] as const);
export type Media = Camel<Selectable<ProductMediaTable>>;

export type { CollectionRuleJson, ProductOptionJson } from './catalog.tables.js';
