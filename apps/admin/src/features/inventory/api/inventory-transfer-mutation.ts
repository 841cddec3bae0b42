import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { inventoryLevelsDocument } from './inventory-levels-query';

/**
 * Moves available units of one variant from one location to another, both sides or neither. Both
 * changed levels come back with their ids, so rows already on screen show the new numbers from the
 * cache at once.
 */
export const inventoryTransferDocument = graphql(`
  mutation InventoryTransfer($input: InventoryTransferInput!) {
    inventoryTransfer(input: $input) {
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

export function useInventoryTransferMutation() {
  return useMutation(inventoryTransferDocument, {
    // The target level may be new (no row yet), and a sort by available or the low-stock filter may
    // move rows: load the page again once the transfer went through.
    refetchQueries: (result) =>
      result.data?.inventoryTransfer.userErrors.length === 0 ? [inventoryLevelsDocument] : [],
  });
}
