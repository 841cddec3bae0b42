import { DomainError, type Permission } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { ListResult } from '../../lib/pagination.js';
import { listOrders } from '../orders/order-list.service.js';
import { listProducts } from '../catalog/catalog-list.service.js';
import { listCustomers } from '../customers/customer-list.service.js';
import { listDiscounts } from '../discounts/discount-list.service.js';
import { listStaff } from '../staff/staff-list.service.js';

/** Bounds checked before anything runs: the palette sends what a person types. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_MAX_PER_TYPE = 10;
export const SEARCH_DEFAULT_PER_TYPE = 5;

/** What each kind of record needs to be searched (SPEC §6); a person gets only the kinds they may read. */
export const SEARCH_TYPES = {
  ORDERS: 'ORDERS_READ',
  PRODUCTS: 'CATALOG_READ',
  CUSTOMERS: 'CUSTOMERS_READ',
  DISCOUNTS: 'DISCOUNTS_READ',
  STAFF: 'STAFF_MANAGE',
} as const satisfies Record<string, Permission>;
export type SearchType = keyof typeof SEARCH_TYPES;

/** Arguments out of bounds: the API edge (app/yoga.ts) answers a DomainError as a BAD_REQUEST error. */
function badRequest(message: string, field: string): DomainError {
  return DomainError.one('OUT_OF_RANGE', message, [field]);
}

/** The query, trimmed, and the per-type limit; a DomainError (BAD_REQUEST at the edge) naming the bound when outside it. */
export function checkSearchArgs(
  query: string,
  first: number | null | undefined,
): { words: string; first: number } {
  const words = query.trim();
  if (words.length > SEARCH_QUERY_MAX_LENGTH) {
    throw badRequest(`A search can be at most ${SEARCH_QUERY_MAX_LENGTH} characters; shorten it.`, 'query');
  }
  const n = first ?? SEARCH_DEFAULT_PER_TYPE;
  if (!Number.isInteger(n) || n < 1 || n > SEARCH_MAX_PER_TYPE) {
    throw badRequest(`"first" must be between 1 and ${SEARCH_MAX_PER_TYPE} results per type.`, 'first');
  }
  return { words, first: n };
}

/**
 * Everything typed is free words (each quoted), so `#1001`, `a@b.com` or `x:y` never trip over the
 * list syntax's fields and operators; each module's list then matches its own text with its indexes.
 */
function freeWords(words: string): string {
  return (
    words
      .split(/\s+/)
      // A word of punctuation alone ("#", "-") matches nothing useful, and some lists read it as "any".
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .map((w) => `"${w.replace(/["\\]/g, '\\$&')}"`)
      .join(' ')
  );
}

/** A phone number with its spaces and brackets is one thing to the customer list's own check. */
const PHONE_LIKE = /^[+\d\s().-]+$/;

async function rows<Row>(list: ListResult<Row>): Promise<Row[]> {
  if ('errors' in list) return [];
  return (await list.page()).rows;
}

export interface SearchShop {
  currency: string;
  numberPrefix: string;
}

/** One kind of record matching the words, newest (or A–Z) first, at most `first`. */
export function searchType(
  db: Executor,
  type: SearchType,
  words: string,
  first: number,
  shop: SearchShop,
): Promise<unknown[]> {
  const query = freeWords(words);
  if (!query) return Promise.resolve([]);
  const page = { first };
  switch (type) {
    case 'ORDERS':
      return rows(listOrders(db, { query, ...shop, sortKey: 'CREATED_AT', reverse: false, page }));
    case 'PRODUCTS':
      return rows(
        listProducts(db, { query, currency: shop.currency, sortKey: 'UPDATED_AT', reverse: false, page }),
      );
    case 'CUSTOMERS':
      return rows(
        listCustomers(db, {
          query: PHONE_LIKE.test(words) ? words : query,
          currency: shop.currency,
          sortKey: 'UPDATED_AT',
          reverse: false,
          page,
        }),
      );
    case 'DISCOUNTS':
      return rows(listDiscounts(db, { query, sortKey: 'CODE', reverse: false, page }));
    case 'STAFF':
      return rows(listStaff(db, { query, page }));
  }
}
