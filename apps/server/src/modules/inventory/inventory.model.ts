import type { MovementReason } from '@stockroom/domain';
import type { AddressJson } from '../../db/columns.js';
import type { InventoryLevelRow, InventoryMovementRow, LocationRow } from './inventory.tables.js';

/** Inventory's domain objects: what its repositories hand the rest of the server. */
export interface Location {
  id: string;
  name: string;
  address: AddressJson | null;
  active: boolean;
  /** 1 is tried first when an order takes stock. */
  fulfillmentPriority: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface InventoryLevel {
  id: string;
  variantId: string;
  locationId: string;
  onHand: number;
  committed: number;
  incoming: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface InventoryMovement {
  id: string;
  variantId: string;
  locationId: string;
  onHandDelta: number;
  committedDelta: number;
  onHandAfter: number;
  committedAfter: number;
  reason: MovementReason;
  note: string | null;
  staffId: string | null;
  staffName: string | null;
  transferId: string | null;
  /** The order that made this movement, when one did. */
  orderId: string | null;
  createdAt: Date;
}

export function toLocation(r: LocationRow): Location {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    active: r.active,
    fulfillmentPriority: r.fulfillment_priority,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toLevel(r: InventoryLevelRow): InventoryLevel {
  return {
    id: r.id,
    variantId: r.variant_id,
    locationId: r.location_id,
    onHand: r.on_hand,
    committed: r.committed,
    incoming: r.incoming,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toMovement(r: InventoryMovementRow): InventoryMovement {
  return {
    id: r.id,
    variantId: r.variant_id,
    locationId: r.location_id,
    onHandDelta: r.on_hand_delta,
    committedDelta: r.committed_delta,
    onHandAfter: r.on_hand_after,
    committedAfter: r.committed_after,
    reason: r.reason,
    note: r.note,
    staffId: r.staff_id,
    staffName: r.staff_name,
    transferId: r.transfer_id,
    orderId: r.order_id,
    createdAt: r.created_at,
  };
}
