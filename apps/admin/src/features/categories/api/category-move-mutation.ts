import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { categoriesDocument } from './categories-query';

/** Puts a category under another (or at the top with parentId null) at a position among its siblings. */
export const categoryMoveDocument = graphql(`
  mutation CategoryMove($id: ID!, $parentId: ID, $position: Int!) {
    categoryMove(id: $id, parentId: $parentId, position: $position) {
      category {
        id
        position
        version
        parent {
          id
          name
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCategoryMoveMutation() {
  return useMutation(categoryMoveDocument, {
    refetchQueries: [categoriesDocument],
    awaitRefetchQueries: true,
  });
}
