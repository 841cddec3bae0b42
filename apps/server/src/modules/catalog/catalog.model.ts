import type { Selectable } from 'kysely';
import { tableRowOf, type Camel, type RowOf } from '../../db/row.js';
import {
  categoryColumns,
  collectionColumns,
  mediaColumns,
  productColumns,
  variantColumns,
  type CategoryTable,
  type CollectionTable,
  type ProductMediaTable,
  type ProductTable,
  type ProductVariantTable,
} from './catalog.tables.js';

/**
 * The catalog's domain objects: what repositories hand the rest of the server, derived from the
 * tables (db/row.ts). Only repositories (and this file) know the tables' column names.
 */

/** A product's row as the app reads it: every column but the search columns no domain object carries. */
export const productRow = tableRowOf(productColumns, { omit: ['search_text', 'tag_keys'] });

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

export const variantRow = tableRowOf(variantColumns);
export type Variant = Camel<Selectable<ProductVariantTable>>;
/** The variant of a row, under the name the orders module imports it by. */
export const toVariant = variantRow.of;

export const categoryRow = tableRowOf(categoryColumns);
export type Category = Camel<Selectable<CategoryTable>>;

export const collectionRow = tableRowOf(collectionColumns);
export type Collection = Camel<Selectable<CollectionTable>>;

export const mediaRow = tableRowOf(mediaColumns);
export type Media = Camel<Selectable<ProductMediaTable>>;

export type { CollectionRuleJson, ProductOptionJson } from './catalog.tables.js';
