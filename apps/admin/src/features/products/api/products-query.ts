import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { ProductsQueryVariables } from '../../../gql/graphql';
import { reverseOf, sortKeyOf } from '../../../lib/list-sorting';
import { pageVariables, type ListParams } from '../../../lib/list-params';
import { PRODUCT_LIST } from '../components/product-list-sorting';

/** One page of products for /products (SPEC §2), with what each row shows. */
export const productsDocument = graphql(`
  query Products(
    $query: String
    $sortKey: ProductSortKeys
    $reverse: Boolean
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    products(
      query: $query
      sortKey: $sortKey
      reverse: $reverse
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      nodes {
        id
        title
        handle
        status
        vendor
        totalAvailable
        variantCount
        updatedAt
        category {
          id
          name
        }
        media {
          id
          alt
          thumbnailUrl(size: SMALL)
        }
      }
      pageInfo {
        ...PageInfoFields
      }
      count {
        ...CountFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The list's variables from its URL state: the same for the screen and for the route's early fetch. */
export function productsVariablesOf(params: Omit<ListParams, 'update'>): ProductsQueryVariables {
  return {
    query: params.q || null,
    sortKey: sortKeyOf(PRODUCT_LIST, params),
    reverse: reverseOf(PRODUCT_LIST, params),
    ...pageVariables(params),
  };
}

export function useProductsQuery(variables: ProductsQueryVariables) {
  return useQuery(productsDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
