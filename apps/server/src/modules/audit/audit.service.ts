import type { Executor } from '../../db/database.js';
import type { AuditChange } from '../../db/types.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { Actor } from '../../actor.js';

export interface AuditEntry {
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  changes?: Record<string, AuditChange>;
}

/** Shown instead of secrets (password hashes, tokens) in before/after. */
export const HIDDEN = '[hidden]';

/**
 * Appends one event. Call it with the same transaction as the change it describes, so the log and
 * the data can never disagree.
 */
export async function recordAudit(trx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  const viewer = actor.viewer;
  await trx
    .insertInto('audit_events')
    .values({
      id: uuidv7(),
      actor_type: viewer ? 'staff' : actor.system ? 'system' : 'api',
      actor_id: viewer?.staffId ?? null,
      actor_name: viewer ? viewer.name || viewer.email : null,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      changes: JSON.stringify(entry.changes ?? {}),
      request_id: actor.requestId,
      ip: actor.ip,
    })
    .execute();
}

/** Per-field before/after for the fields that differ. Values compare by their JSON form. */
export function diff<T extends object>(
  before: Partial<T> | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const b = before ? (before[field] ?? null) : null;
    const a = after[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[field] = { before: b, after: a };
  }
  return changes;
}
