import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The newest orders carrying a code (the orders list's `discount:` search). */
export const discountOrdersDocument = graphql(`
  query DiscountOrders($query: String!) {
    orders(query: $query, first: 10, sortKey: CREATED_AT) {
      nodes {
        id
        name
        status
        customerName
        email
        createdAt
        discountTotal {
          amount
          currencyCode
        }
        total {
          amount
          currencyCode
        }
      }
      count {
        value
        precision
      }
    }
  }
`);

export function useDiscountOrdersQuery(discountId: string, skip: boolean) {
  return useQuery(discountOrdersDocument, {
    variables: { query: `discount:${discountId}` },
    skip,
    fetchPolicy: 'cache-and-network',
  });
}
