import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One action on a selection (ids) or on every product a search finds (query). */
export const productsBulkUpdateDocument = graphql(`
  mutation ProductsBulkUpdate($action: ProductBulkActionInput!, $ids: [ID!], $query: String) {
    productsBulkUpdate(action: $action, ids: $ids, query: $query) {
      changedCount
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useProductsBulkUpdateMutation() {
  return useMutation(productsBulkUpdateDocument, { refetchQueries: ['Products'], awaitRefetchQueries: true });
}
