import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Tags added to or removed from a selection (ids) or every customer a search finds (query). */
export const customersBulkUpdateDocument = graphql(`
  mutation CustomersBulkUpdate($action: CustomerBulkActionInput!, $ids: [ID!], $query: String) {
    customersBulkUpdate(action: $action, ids: $ids, query: $query) {
      changedCount
      job {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCustomersBulkUpdateMutation() {
  return useMutation(customersBulkUpdateDocument, {
    refetchQueries: ['Customers', 'CustomerTagValues'],
    awaitRefetchQueries: true,
  });
}
