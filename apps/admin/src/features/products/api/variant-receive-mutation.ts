import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Stock that arrived for one variant at one location: a RECEIVED movement with a note. */
export const variantReceiveDocument = graphql(`
  mutation VariantReceive($input: InventoryAdjustInput!) {
    inventoryAdjust(input: $input) {
      levels {
        id
        onHand
        available
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useVariantReceiveMutation() {
  return useMutation(variantReceiveDocument, { refetchQueries: ['Variant'], awaitRefetchQueries: true });
}
