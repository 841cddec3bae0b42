import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Saves store settings; the server refuses some currency changes with a userError. */
export const shopUpdateDocument = graphql(`
  mutation ShopUpdate($input: ShopInput!) {
    shopUpdate(input: $input) {
      shop {
        ...ShopFields
      }
      auditEventId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useShopUpdateMutation() {
  return useMutation(shopUpdateDocument);
}
