import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { collectionDocument } from './collection-query';

/** Takes products out of a manual collection. */
export const collectionRemoveProductsDocument = graphql(`
  mutation CollectionRemoveProducts($id: ID!, $productIds: [ID!]!) {
    collectionRemoveProducts(id: $id, productIds: $productIds) {
      collection {
        id
        productCount
        version
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCollectionRemoveProductsMutation() {
  return useMutation(collectionRemoveProductsDocument, {
    refetchQueries: [collectionDocument],
    awaitRefetchQueries: true,
  });
}
