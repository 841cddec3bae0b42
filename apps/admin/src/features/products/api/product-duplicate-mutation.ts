import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Copies a product as a draft; SKUs and barcodes are left out since they are unique. */
export const productDuplicateDocument = graphql(`
  mutation ProductDuplicate($id: ID!, $title: String) {
    productDuplicate(id: $id, title: $title) {
      product {
        id
        title
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export function useProductDuplicateMutation() {
  return useMutation(productDuplicateDocument);
}
