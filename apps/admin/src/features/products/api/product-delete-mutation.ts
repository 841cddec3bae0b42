import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const productDeleteDocument = graphql(`
  mutation ProductDelete($id: ID!) {
    productDelete(id: $id) {
      deletedProductId
      auditEventId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useProductDeleteMutation() {
  return useMutation(productDeleteDocument);
}
