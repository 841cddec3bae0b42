import type { CollectionKind, CollectionRuleMatch, ProductStatus } from '@stockroom/domain';
import type {
  CategoryRow,
  CollectionRow,
  CollectionRuleJson,
  MediaRow,
  ProductOptionJson,
  ProductRow,
  VariantRow,
} from './catalog.tables.js';

/**
 * The catalog's domain objects: what repositories hand the rest of the server. Only repositories
 * (and this file) know the tables' column names.
 */
export interface Product {
  id: string;
  title: string;
  handle: string;
  description: string;
  status: ProductStatus;
  vendor: string | null;
  productType: string | null;
  categoryId: string | null;
  tags: string[];
  options: ProductOptionJson[];
  seoTitle: string | null;
  seoDescription: string | null;
  publishedAt: Date | null;
  variantCount: number;
  /** Lowest and highest variant price in minor units; null without variants. */
  minPrice: number | null;
  maxPrice: number | null;
  /**
   * Units available across all locations for the variants that track stock; null when none do;
   * undefined when the query that read the product did not join product_stock (a loader reads it).
   */
  totalAvailable?: number | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Variant {
  id: string;
  productId: string;
  title: string;
  optionValues: string[];
  sku: string | null;
  barcode: string | null;
  price: number;
  compareAtPrice: number | null;
  costPrice: number | null;
  weightGrams: number | null;
  trackInventory: boolean;
  allowBackorder: boolean;
  lowStockThreshold: number | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Category {
  id: string;
  name: string;
  handle: string;
  description: string;
  parentId: string | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Collection {
  id: string;
  title: string;
  handle: string;
  description: string;
  kind: CollectionKind;
  rules: CollectionRuleJson[];
  match: CollectionRuleMatch;
  productCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Media {
  id: string;
  productId: string;
  position: number;
  alt: string;
  contentHash: string;
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  filename: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** A product row as lists read it: without the search columns no domain object carries. */
export type ProductListRow = Omit<ProductRow, 'search_text' | 'tag_keys'> & {
  total_available?: number | null;
};

export function toProduct(r: ProductListRow): Product {
  return {
    id: r.id,
    title: r.title,
    handle: r.handle,
    description: r.description,
    status: r.status,
    vendor: r.vendor,
    productType: r.product_type,
    categoryId: r.category_id,
    tags: r.tags,
    options: r.options,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    publishedAt: r.published_at,
    variantCount: r.variant_count,
    minPrice: r.min_price,
    maxPrice: r.max_price,
    totalAvailable: r.total_available,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toVariant(r: VariantRow): Variant {
  return {
    id: r.id,
    productId: r.product_id,
    title: r.title,
    optionValues: r.option_values,
    sku: r.sku,
    barcode: r.barcode,
    price: r.price,
    compareAtPrice: r.compare_at_price,
    costPrice: r.cost_price,
    weightGrams: r.weight_grams,
    trackInventory: r.track_inventory,
    allowBackorder: r.allow_backorder,
    lowStockThreshold: r.low_stock_threshold,
    position: r.position,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toCategory(r: CategoryRow): Category {
  return {
    id: r.id,
    name: r.name,
    handle: r.handle,
    description: r.description,
    parentId: r.parent_id,
    position: r.position,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toCollection(r: CollectionRow): Collection {
  return {
    id: r.id,
    title: r.title,
    handle: r.handle,
    description: r.description,
    kind: r.kind,
    rules: r.rules,
    match: r.match,
    productCount: r.product_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toMedia(r: MediaRow): Media {
  return {
    id: r.id,
    productId: r.product_id,
    position: r.position,
    alt: r.alt,
    contentHash: r.content_hash,
    mimeType: r.mime_type,
    width: r.width,
    height: r.height,
    sizeBytes: r.size_bytes,
    filename: r.filename,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export type { CollectionRuleJson, ProductOptionJson } from './catalog.tables.js';
