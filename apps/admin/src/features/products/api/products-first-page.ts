import type { ProductsQueryVariables } from '../../../gql/graphql';
import type { FirstPage } from '../../../lib/first-page';
import { listParamsOf } from '../../../lib/list-params-of';
import { productsVariablesOf } from './products-variables';

/** /products' first page: asked by the page's first script and the route's loader (lib/first-page.ts). */
export const productsFirstPage: FirstPage<ProductsQueryVariables> = {
  path: '/products',
  operationName: 'Products',
  variablesOf: (search) => productsVariablesOf(listParamsOf(search)),
};
