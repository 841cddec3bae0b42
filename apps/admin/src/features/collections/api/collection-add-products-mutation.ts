import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { collectionDocument } from './collection-query';

/** Adds products after the current members of a manual collection. */
export const collectionAddProductsDocument = graphql(`
  mutation CollectionAddProducts($id: ID!, $productIds: [ID!]!) {
    collectionAddProducts(id: $id, productIds: $productIds) {
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

export function useCollectionAddProductsMutation() {
  return useMutation(collectionAddProductsDocument, {
    refetchQueries: [collectionDocument],
    awaitRefetchQueries: true,
  });
}
