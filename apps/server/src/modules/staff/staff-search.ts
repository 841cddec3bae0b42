import { sql, type RawBuilder } from 'kysely';
import type { Comparison, SearchFields, UserError } from '@stockroom/domain';
import { escapeLike, searchCondition } from '../../lib/search-sql.js';

/** What `staffMembers(query:)` understands. Alias: s = staff. */
const STAFF_SEARCH_FIELDS: SearchFields = {
  state: { kind: 'enum', values: ['INVITED', 'ACTIVE', 'DEACTIVATED'] },
  email: { kind: 'text' },
};

const like = (v: string) => escapeLike(v.toLowerCase());

function text(word: string): RawBuilder<boolean> {
  return sql<boolean>`(lower(s.name) like ${'%' + like(word) + '%'} or lower(s.email) like ${like(word) + '%'})`;
}

function field(name: string, _op: Comparison, value: unknown): RawBuilder<boolean> {
  return name === 'state'
    ? sql<boolean>`s.state = ${String(value)}`
    : sql<boolean>`lower(s.email) = ${String(value).toLowerCase()}`;
}

export function staffSearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, { fields: STAFF_SEARCH_FIELDS, text, field });
}
