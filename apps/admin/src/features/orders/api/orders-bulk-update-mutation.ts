import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { ordersDocument } from './orders-query';

/** Tags added or removed, or archived (close), on up to 250 orders at once: all or none. */
export const ordersBulkUpdateDocument = graphql(`
  mutation OrdersBulkUpdate($ids: [ID!]!, $addTags: [String!], $removeTags: [String!], $close: Boolean) {
    ordersBulkUpdate(ids: $ids, addTags: $addTags, removeTags: $removeTags, close: $close) {
      orders {
        ...OrderListFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useOrdersBulkUpdateMutation() {
  // Closing moves orders out of the Open and Unfulfilled tabs: the list is read again.
  return useMutation(ordersBulkUpdateDocument, { refetchQueries: [ordersDocument] });
}
