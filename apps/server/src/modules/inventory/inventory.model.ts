import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { InventoryLevelTable, InventoryMovementTable, LocationTable } from './inventory.tables.js';

/**
 * Inventory's domain objects: what its repositories hand the rest of the server, derived from the
 * tables (db/row.ts).
 */

export const locationRow = tableRow<LocationTable>()(
  ['id', 'name', 'address', 'active', 'fulfillment_priority', 'created_at', 'updated_at', 'version'] as const,
  { json: ['address'] },
);
export type Location = Camel<Selectable<LocationTable>>;

/** A level as the app reads it: the list's sort key stays in the database. */
export const levelRow = tableRow<InventoryLevelTable>()(
  [
    'id',
    'variant_id',
    'location_id',
    'on_hand',
    'committed',
    'incoming',
    'created_at',
    'updated_at',
    'version',
  ] as const,
  { omit: ['product_sort_key', 'damaged'] },
);
export type InventoryLevel = Camel<Omit<Selectable<InventoryLevelTable>, 'product_sort_key' | 'damaged'>>;

export const movementRow = tableRow<InventoryMovementTable>()([
  'id',
  'variant_id',
  'location_id',
  'on_hand_delta',
  'committed_delta',
  'on_hand_after',
  'committed_after',
  'reason',
  'note',
  'staff_id',
  'staff_name',
  'transfer_id',
  'order_id',
  'created_at',
] as const);
export type InventoryMovement = Camel<Selectable<InventoryMovementTable>>;
