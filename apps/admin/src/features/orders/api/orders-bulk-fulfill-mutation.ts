import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { ordersDocument } from './orders-query';

/** Ships everything still unshipped of up to 250 orders from one location: all or none. */
export const ordersBulkFulfillDocument = graphql(`
  mutation OrdersBulkFulfill($ids: [ID!]!, $locationId: ID!) {
    ordersBulkFulfill(ids: $ids, locationId: $locationId) {
      orders {
        ...OrderListFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useOrdersBulkFulfillMutation() {
  // Fulfilled orders leave the Unfulfilled tab: the list is read again.
  return useMutation(ordersBulkFulfillDocument, { refetchQueries: [ordersDocument] });
}
