import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The customer's latest orders, for the card on their page (ORDERS_READ). */
export const customerOrdersDocument = graphql(`
  query CustomerOrders($id: ID!, $first: Int!) {
    customer(id: $id) {
      id
      ordersCount
      orders(first: $first) {
        id
        name
        createdAt
        status
        paymentStatus
        fulfillmentStatus
        itemsCount
        total {
          amount
          currencyCode
        }
      }
    }
  }
`);

export function useCustomerOrdersQuery(id: string, first: number) {
  return useQuery(customerOrdersDocument, {
    variables: { id, first },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
