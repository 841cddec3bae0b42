import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { categoriesDocument } from './categories-query';

/** Name, handle, description; STALE_VERSION when someone changed it meanwhile. */
export const categoryUpdateDocument = graphql(`
  mutation CategoryUpdate($id: ID!, $input: CategoryInput!) {
    categoryUpdate(id: $id, input: $input) {
      category {
        id
        name
        handle
        description
        version
        updatedAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCategoryUpdateMutation() {
  return useMutation(categoryUpdateDocument, { refetchQueries: [categoriesDocument] });
}
