import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const productCreateDocument = graphql(`
  mutation ProductCreate($input: ProductInput!) {
    productCreate(input: $input) {
      product {
        ...ProductFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useProductCreateMutation() {
  return useMutation(productCreateDocument);
}
