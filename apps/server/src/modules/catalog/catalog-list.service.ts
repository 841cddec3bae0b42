import type { Executor } from '../../db/database.js';
import type { List, ListResult, PageArgs } from '../../lib/pagination.js';
import type { Collection, Product } from './catalog.model.js';
import {
  countCollectionProducts,
  countCollections,
  pageCollectionProducts,
  pageCollections,
} from './collection.repository.js';
import { productSearchCondition } from './product-search.repository.js';
import type { ProductPageWants } from './product-page.repository.js';
import {
  countProducts,
  pageProducts,
  PRODUCT_SORT_KEYS,
  type ProductPage,
  type ProductSortKey,
} from './product.repository.js';

export type { ProductSortKey };

/** The product list's sorts, its default (the `products` field's) first: for an export of the list. */
export const PRODUCT_LIST_SORTS: readonly ProductSortKey[] = [
  'UPDATED_AT',
  ...(Object.keys(PRODUCT_SORT_KEYS) as ProductSortKey[]).filter((k) => k !== 'UPDATED_AT'),
];

/**
 * Products matching a search (SPEC §7.4; prices in the store currency), sorted and paged by keyset;
 * `include` reads the relations the page will show in the page's own statement.
 */
export function listProducts(
  db: Executor,
  args: {
    query?: string | null;
    currency: string;
    sortKey: ProductSortKey;
    reverse: boolean;
    page: PageArgs;
    include?: ProductPageWants;
    /** null: count every match (an export's total); lists stop at 10,000. */
    countCap?: number | null;
  },
): ListResult<Product, ProductPage> {
  const search = productSearchCondition(args.query, args.currency);
  if ('errors' in search) return search;
  return {
    page: () => pageProducts(db, search.condition, args.sortKey, args.reverse, args.page, args.include),
    count: () => countProducts(db, search.condition, args.countCap),
  };
}

/** Collections by title; the words match anywhere in the title. */
export function listCollections(
  db: Executor,
  args: { query?: string | null; page: PageArgs },
): List<Collection> {
  const words = (args.query ?? '').trim();
  return { page: () => pageCollections(db, words, args.page), count: () => countCollections(db, words) };
}

/** A collection's products in its order. */
export function listCollectionProducts(db: Executor, collectionId: string, page: PageArgs): List<Product> {
  return {
    page: () => pageCollectionProducts(db, collectionId, page),
    count: () => countCollectionProducts(db, collectionId),
  };
}
