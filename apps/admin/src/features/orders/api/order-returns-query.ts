import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The order's returns and what can still come back, apart from OrderFields (whose query cost is
 * near the limit); return commands answer the same fields, so the card follows them from the cache.
 */
export const orderReturnsDocument = graphql(`
  query OrderReturns($id: ID!) {
    order(id: $id) {
      id
      lines {
        id
        returnableQuantity
      }
      returns {
        id
        name
        status
        quantity
        receivedQuantity
        createdAt
      }
    }
  }
`);

export function useOrderReturnsQuery(id: string, skip: boolean) {
  return useQuery(orderReturnsDocument, { variables: { id }, skip, fetchPolicy: 'cache-and-network' });
}
