import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Copies a product as a draft: SKUs made unique ("-copy"), no barcodes or stock; images when asked. */
export const productDuplicateDocument = graphql(`
  mutation ProductDuplicate($id: ID!, $title: String, $copyImages: Boolean) {
    productDuplicate(id: $id, title: $title, copyImages: $copyImages) {
      product {
        id
        title
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useProductDuplicateMutation() {
  return useMutation(productDuplicateDocument);
}
