import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const discountCreateDocument = graphql(`
  mutation DiscountCreate($input: DiscountInput!) {
    discountCreate(input: $input) {
      discount {
        ...DiscountFields
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export const discountUpdateDocument = graphql(`
  mutation DiscountUpdate($id: ID!, $input: DiscountInput!, $version: Int) {
    discountUpdate(id: $id, input: $input, version: $version) {
      discount {
        ...DiscountFields
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useDiscountCreateMutation() {
  return useMutation(discountCreateDocument, { refetchQueries: ['Discounts'] });
}

export function useDiscountUpdateMutation() {
  return useMutation(discountUpdateDocument);
}
