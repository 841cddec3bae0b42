import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { categoriesDocument } from './categories-query';

/** Deletes an empty category; HAS_DEPENDENTS while it has subcategories or products. */
export const categoryDeleteDocument = graphql(`
  mutation CategoryDelete($id: ID!) {
    categoryDelete(id: $id) {
      deletedId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCategoryDeleteMutation() {
  return useMutation(categoryDeleteDocument, { refetchQueries: [categoriesDocument] });
}
