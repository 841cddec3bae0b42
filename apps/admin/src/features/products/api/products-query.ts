import { useQuery } from '@apollo/client/react';
import { usePrefetchedFetchPolicy } from '../../../lib/prefetch';
import { graphql } from '../../../gql';
import type { ProductsQueryVariables } from '../../../gql/graphql';

export { productsVariablesOf } from './products-variables';

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
        productType
        tags
        priceRange {
          min {
            amount
            currencyCode
          }
          max {
            amount
            currencyCode
          }
        }
        totalAvailable
        variantCount
        createdAt
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
export function useProductsQuery(variables: ProductsQueryVariables) {
  return useQuery(productsDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
    // The route's loader asked for this page already (app/router.tsx).
    ...usePrefetchedFetchPolicy(productsDocument, variables),
  });
}
