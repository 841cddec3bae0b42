import type { ActorType } from '@stockroom/domain';
import type { Selectable } from 'kysely';
import type { Timestamp, Json } from '../../db/columns.js';

export type { ActorType };

export interface AuditChange {
  before: unknown;
  after: unknown;
}

export interface AuditEventTable {
  id: string;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  changes: Json<Record<string, AuditChange>>;
  request_id: string | null;
  ip: string | null;
  /** The job whose work this is (an import's chunk, a bulk edit's step), so its events read and undo as one. */
  job_id: string | null;
  created_at: Timestamp;
}

/** This module's tables, as Kysely sees them. */
export interface AuditTables {
  audit_events: AuditEventTable;
}

export type AuditEventRow = Selectable<AuditEventTable>;
