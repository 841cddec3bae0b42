import type { ColumnType, Selectable } from 'kysely';
import type { ActorType } from '@stockroom/domain';
import type { Json, Timestamp } from '../../db/columns.js';

export interface DomainEventTable {
  id: string;
  /** The commit order (bigint; read as a number, below 2^53 for ages). */
  position: number;
  type: string;
  subject_type: string;
  subject_id: string;
  version: number | null;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string | null;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface DomainEventCursorTable {
  consumer: string;
  position: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** This module's tables, as Kysely sees them. */
export interface EventTables {
  domain_events: DomainEventTable;
  domain_event_cursors: DomainEventCursorTable;
}

export type DomainEventRow = Selectable<DomainEventTable>;
