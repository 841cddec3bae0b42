import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * Adjusts one or more stock levels with one reason, all or nothing. The changed levels come back
 * with their ids, so the grid shows the new numbers from the cache at once.
 */
export const inventoryAdjustDocument = graphql(`
  mutation InventoryAdjust($input: InventoryAdjustInput!) {
    inventoryAdjust(input: $input) {
      levels {
        ...StockChangeLevel
      }
      movements {
        ...StockChangeMovement
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useInventoryAdjustMutation() {
  return useMutation(inventoryAdjustDocument);
}
