import type { SavedViewResource } from '@stockroom/domain';
import type { SavedViewRow } from './views.tables.js';

/** A saved view as one staff member sees it (isDefault is theirs). */
export interface SavedView {
  id: string;
  resource: SavedViewResource;
  name: string;
  query: string;
  sortKey: string | null;
  reverse: boolean;
  columns: string[];
  shared: boolean;
  ownerStaffId: string | null;
  ownerName: string | null;
  isDefault: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export function savedViewOf(
  row: SavedViewRow & { owner_name: string | null; is_default: boolean | null },
): SavedView {
  return {
    id: row.id,
    resource: row.resource,
    name: row.name,
    query: row.query,
    sortKey: row.sort_key,
    reverse: row.reverse,
    columns: row.columns ?? [],
    shared: row.shared,
    ownerStaffId: row.owner_staff_id,
    ownerName: row.owner_name,
    isDefault: Boolean(row.is_default),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
