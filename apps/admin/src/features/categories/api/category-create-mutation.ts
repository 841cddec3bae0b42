import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { categoriesDocument } from './categories-query';

export const categoryCreateDocument = graphql(`
  mutation CategoryCreate($input: CategoryInput!) {
    categoryCreate(input: $input) {
      category {
        id
        name
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCategoryCreateMutation() {
  return useMutation(categoryCreateDocument, { refetchQueries: [categoriesDocument] });
}
