import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const discountDeleteDocument = graphql(`
  mutation DiscountDelete($id: ID!) {
    discountDelete(id: $id) {
      deletedId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDiscountDeleteMutation() {
  return useMutation(discountDeleteDocument, { refetchQueries: ['Discounts'] });
}
