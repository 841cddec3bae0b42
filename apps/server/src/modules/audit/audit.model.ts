import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { ActorType, AuditChange, AuditEventTable } from './audit.tables.js';

export type { ActorType, AuditChange };

/**
 * One event of the log as the rest of the server sees it (derived from its table, db/row.ts).
 * `changes` is keyed by the names events have always used (snake_case, see `eventField`); its
 * values are what was recorded.
 */
export const auditEventRow = tableRow<AuditEventTable>()(
  [
    'id',
    'actor_type',
    'actor_id',
    'actor_name',
    'action',
    'subject_type',
    'subject_id',
    'changes',
    'request_id',
    'ip',
    'job_id',
    'created_at',
  ] as const,
  { json: ['changes'] },
);
export type AuditEvent = Camel<Selectable<AuditEventTable>>;
