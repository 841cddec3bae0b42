import type { ActorType, AuditChange, AuditEventRow } from './audit.tables.js';

export type { ActorType, AuditChange };

/**
 * One event of the log as the rest of the server sees it. `changes` is keyed by the names events
 * have always used (snake_case, see `eventField`); its values are what was recorded.
 */
export interface AuditEvent {
  id: string;
  actorType: ActorType;
  actorId: string | null;
  actorName: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  changes: Record<string, AuditChange>;
  requestId: string | null;
  ip: string | null;
  createdAt: Date;
}

export function toAuditEvent(r: AuditEventRow): AuditEvent {
  return {
    id: r.id,
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    changes: r.changes,
    requestId: r.request_id,
    ip: r.ip,
    createdAt: r.created_at,
  };
}
