import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { collectionDocument } from './collection-query';

/** Puts the given members first, in that order; the others keep their order after them. */
export const collectionReorderProductsDocument = graphql(`
  mutation CollectionReorderProducts($id: ID!, $productIds: [ID!]!) {
    collectionReorderProducts(id: $id, productIds: $productIds) {
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

export function useCollectionReorderProductsMutation() {
  return useMutation(collectionReorderProductsDocument, {
    refetchQueries: [collectionDocument],
    awaitRefetchQueries: true,
  });
}
