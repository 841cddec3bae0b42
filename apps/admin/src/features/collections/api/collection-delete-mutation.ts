import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Deletes a collection; its products stay. */
export const collectionDeleteDocument = graphql(`
  mutation CollectionDelete($id: ID!) {
    collectionDelete(id: $id) {
      deletedId
      auditEventId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCollectionDeleteMutation() {
  return useMutation(collectionDeleteDocument);
}
