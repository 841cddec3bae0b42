import { graphql } from '../../../gql';

/** What a stock change returns of each level it touched: enough for the grid to update from the cache. */
export const stockChangeLevelFragment = graphql(`
  fragment StockChangeLevel on InventoryLevel {
    id
    onHand
    committed
    available
    lowStock
    version
    updatedAt
  }
`);

/** What a stock change returns of each movement it wrote. */
export const stockChangeMovementFragment = graphql(`
  fragment StockChangeMovement on InventoryMovement {
    id
    onHandBefore
    onHandAfter
    onHandDelta
  }
`);
