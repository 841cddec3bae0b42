import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Saves the editor; `version` makes a stale save fail with STALE_VERSION. */
export const productUpdateDocument = graphql(`
  mutation ProductUpdate($id: ID!, $input: ProductInput!) {
    productUpdate(id: $id, input: $input) {
      product {
        ...ProductFields
      }
      auditEventId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useProductUpdateMutation() {
  return useMutation(productUpdateDocument);
}
