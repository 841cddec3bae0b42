import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { collectionsDocument } from './collections-query';

export const collectionCreateDocument = graphql(`
  mutation CollectionCreate($input: CollectionInput!) {
    collectionCreate(input: $input) {
      collection {
        id
        title
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCollectionCreateMutation() {
  return useMutation(collectionCreateDocument, { refetchQueries: [collectionsDocument] });
}
