import type { Generated, Selectable } from 'kysely';
import type { Timestamp, Json, AddressJson } from '../../db/columns.js';
import type { MovementReason } from '@stockroom/domain';

export interface LocationTable {
  id: string;
  name: string;
  address: Json<AddressJson | null>;
  active: Generated<boolean>;
  /** 1 is tried first when an order takes stock. */
  fulfillment_priority: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface InventoryLevelTable {
  id: Generated<string>;
  variant_id: string;
  location_id: string;
  on_hand: Generated<number>;
  committed: Generated<number>;
  incoming: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  /** The list's PRODUCT_TITLE key, kept by triggers (migrations 016, 170, 280); the app writes it only in an import's batch insert (product-import-levels). */
  product_sort_key: Generated<string>;
  /** Returned units kept aside as damaged (migration 290): never sellable, not in on hand. */
  damaged: Generated<number>;
}

export interface InventoryMovementTable {
  id: string;
  variant_id: string;
  location_id: string;
  on_hand_delta: number;
  committed_delta: Generated<number>;
  on_hand_after: number;
  committed_after: number;
  reason: MovementReason;
  note: string | null;
  staff_id: string | null;
  staff_name: string | null;
  transfer_id: string | null;
  /** The order behind an ORDER_COMMITTED, ORDER_RELEASED, FULFILLED or RESTOCKED movement. */
  order_id: Generated<string | null>;
  created_at: Timestamp;
}

/** This module's tables, as Kysely sees them. */
export interface InventoryTables {
  locations: LocationTable;
  inventory_levels: InventoryLevelTable;
  inventory_movements: InventoryMovementTable;
}

export type LocationRow = Selectable<LocationTable>;
/** A level as the app reads it (the list's sort key stays in the database). */
export type InventoryLevelRow = Omit<Selectable<InventoryLevelTable>, 'product_sort_key' | 'damaged'>;
export type InventoryMovementRow = Selectable<InventoryMovementTable>;
