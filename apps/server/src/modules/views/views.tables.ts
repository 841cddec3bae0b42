import type { ColumnType, Selectable } from 'kysely';
import type { SavedViewResource } from '@stockroom/domain';
import type { Timestamp } from '../../db/columns.js';

/** A column the database fills when an insert leaves it out. */
type ColumnDefault<T> = ColumnType<T, T | undefined, T>;

export interface SavedViewTable {
  id: string;
  resource: SavedViewResource;
  name: string;
  query: ColumnDefault<string>;
  sort_key: string | null;
  reverse: ColumnDefault<boolean>;
  columns: ColumnDefault<string[]>;
  shared: ColumnDefault<boolean>;
  /** Who made it; a private view's owner (null only when that staff member was deleted). */
  owner_staff_id: string | null;
  version: ColumnDefault<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A staff member's default view of one list (at most one per resource). */
export interface SavedViewDefaultTable {
  staff_id: string;
  resource: SavedViewResource;
  view_id: string;
}

export interface ViewTables {
  saved_views: SavedViewTable;
  saved_view_defaults: SavedViewDefaultTable;
}

export type SavedViewRow = Selectable<SavedViewTable>;
