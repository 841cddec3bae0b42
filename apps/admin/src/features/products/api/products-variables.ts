import type { ProductsQueryVariables } from '../../../gql/graphql';
import { pageVariables, type ListParams } from '../../../lib/list-params-of';
import { reverseOf, sortKeyOf } from '../../../lib/list-sorting';
import { PRODUCT_LIST } from '../components/product-list-sorting';

/**
 * The Products query's variables for a list state. Plain (no React, no Apollo): the route's loader
 * and the page's first script (src/early.ts) ask with exactly what the screen will ask.
 */
export function productsVariablesOf(params: Omit<ListParams, 'update'>): ProductsQueryVariables {
  return {
    query: params.q || null,
    sortKey: sortKeyOf(PRODUCT_LIST, params),
    reverse: reverseOf(PRODUCT_LIST, params),
    ...pageVariables(params),
  };
}
