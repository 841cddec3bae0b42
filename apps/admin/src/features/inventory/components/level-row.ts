import type { InventoryLevelsQuery } from '../../../gql/graphql';

/** One stock level as the grid shows it. */
export type LevelRow = InventoryLevelsQuery['inventoryLevels']['nodes'][number];
