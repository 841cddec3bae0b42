import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { OrdersQueryVariables } from '../../../gql/graphql';

/** One page of orders for the list: what a row shows, and what the bulk actions need to know. */
export const ordersDocument = graphql(`
  query Orders(
    $query: String
    $sortKey: OrderSortKeys
    $reverse: Boolean
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    orders(
      query: $query
      sortKey: $sortKey
      reverse: $reverse
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      nodes {
        ...OrderListFields
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

/** A row of the list; the bulk mutations answer the same fields, so the rows update in place. */
export const orderListFieldsFragment = graphql(`
  fragment OrderListFields on Order {
    id
    name
    status
    paymentStatus
    fulfillmentStatus
    availableActions
    customerName
    email
    total {
      amount
      currencyCode
    }
    itemsCount
    tags
    source
    shippingAddress {
      countryCode
    }
    createdAt
    updatedAt
    version
  }
`);

export function useOrdersQuery(variables: OrdersQueryVariables) {
  // Orders change under a packer's feet (others ship, customers pay): a tab shown again from the
  // cache is read again at once.
  return useQuery(ordersDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
