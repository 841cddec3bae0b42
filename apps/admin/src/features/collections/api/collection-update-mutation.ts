import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { collectionDocument } from './collection-query';

/** Title, handle, description and, for automated ones, the rules; members follow new rules at once. */
export const collectionUpdateDocument = graphql(`
  mutation CollectionUpdate($id: ID!, $input: CollectionInput!) {
    collectionUpdate(id: $id, input: $input) {
      collection {
        id
        version
      }
      auditEventId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCollectionUpdateMutation() {
  // The members of an automated collection change with its rules: load them again (the preview).
  return useMutation(collectionUpdateDocument, {
    refetchQueries: [collectionDocument],
    awaitRefetchQueries: true,
  });
}
