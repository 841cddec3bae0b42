import { sql, type RawBuilder } from 'kysely';
import { decodeId, decodeIdOf, type Comparison, type SearchFields, type UserError } from '@stockroom/domain';
import { escapeLike, searchCondition, SQL_OPS } from '../../lib/search-sql.js';

/** What `auditEvents(query:)` understands (SPEC §7.4). Alias: e = audit_events. */
export const AUDIT_SEARCH_FIELDS: SearchFields = {
  action: { kind: 'text' },
  actor: { kind: 'text' },
  actor_type: { kind: 'enum', values: ['STAFF', 'SYSTEM', 'API'] },
  subject: { kind: 'text' },
  subject_type: { kind: 'text' },
  ip: { kind: 'text' },
  // Issue #29: what one job (an import, a bulk edit) changed, by the Job's global id.
  job: { kind: 'text' },
  created_at: { kind: 'date' },
};

const like = (v: string) => escapeLike(v.toLowerCase());

/** `product.update` is one action; `product` every action on products (audit_events_action_idx). */
function action(v: string): RawBuilder<boolean> {
  return v.includes('.')
    ? sql<boolean>`e.action = ${v.toLowerCase()}`
    : sql<boolean>`e.action like ${like(v) + '.%'}`;
}

/** A staff member's id (stf_…), "system", or the start of who acted's name. */
function actor(v: string): RawBuilder<boolean> {
  const staffId = decodeIdOf('Staff', v);
  if (staffId) return sql<boolean>`e.actor_id = ${staffId}`;
  if (v.toLowerCase() === 'system') return sql<boolean>`e.actor_type = 'system'`;
  return sql<boolean>`lower(e.actor_name) like ${like(v) + '%'}`;
}

function text(word: string): RawBuilder<boolean> {
  return sql<boolean>`(e.action like ${like(word) + '%'} or lower(e.actor_name) like ${like(word) + '%'})`;
}

function field(name: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const v = String(value);
  switch (name) {
    case 'action':
      return action(v);
    case 'actor':
      return actor(v);
    case 'actor_type':
      return sql<boolean>`e.actor_type = ${v.toLowerCase()}`;
    case 'subject': {
      const decoded = decodeId(v);
      return decoded
        ? sql<boolean>`(e.subject_type = ${decoded.type} and e.subject_id = ${decoded.uuid})`
        : sql<boolean>`false`;
    }
    case 'subject_type':
      return sql<boolean>`lower(e.subject_type) = ${v.toLowerCase().replace(/[\s_]/g, '')}`;
    case 'ip':
      return sql<boolean>`e.ip = ${v}`;
    case 'job': {
      const jobId = decodeIdOf('Job', v);
      return jobId ? sql<boolean>`e.job_id = ${jobId}` : sql<boolean>`false`;
    }
    default:
      return sql<boolean>`e.created_at ${sql.raw(SQL_OPS[op])} ${value}`;
  }
}

export function auditSearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, { fields: AUDIT_SEARCH_FIELDS, text, field });
}
