import { sql, type RawBuilder } from 'kysely';
import {
  CUSTOMER_STATES,
  normalizePhone,
  parseMoney,
  type Comparison,
  type SearchFields,
} from '@stockroom/domain';
import { searchCondition, SQL_OPS, stemmedWords } from '../../lib/search-sql.js';

/** What `customers(query:)` understands (SPEC §7.4). Alias: c = customers. */
export const CUSTOMER_SEARCH_FIELDS: SearchFields = {
  tag: { kind: 'text' },
  state: { kind: 'enum', values: CUSTOMER_STATES },
  accepts_marketing: { kind: 'boolean' },
  orders_count: { kind: 'number', integer: true },
  total_spent: { kind: 'money' },
  country: { kind: 'text' },
  email: { kind: 'text' },
  phone: { kind: 'text' },
  created_at: { kind: 'date' },
  updated_at: { kind: 'date' },
};

/** Free words: the start of any word of the name or email, or digits anywhere in the phone number. */
function text(word: string): RawBuilder<boolean> {
  const digits = word.replace(/[\s().+-]/g, '');
  const byWords = stemmedWords(sql`c.search_text`, word) ?? sql<boolean>`false`;
  return /^\d{5,}$/.test(digits) ? sql<boolean>`(${byWords} or c.phone like ${'%' + digits + '%'})` : byWords;
}

function field(name: string, op: Comparison, value: unknown, currency: string): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  const v = String(value);
  switch (name) {
    case 'tag':
      return sql<boolean>`c.tag_keys @> array[${v.toLowerCase()}]::text[]`;
    case 'state':
      return sql<boolean>`c.state = ${v}`;
    case 'accepts_marketing':
      return sql<boolean>`c.accepts_marketing = ${value}`;
    case 'orders_count':
      return sql<boolean>`c.orders_count ${cmp} ${value}`;
    case 'total_spent':
      return sql<boolean>`c.total_spent ${cmp} ${parseMoney(v, currency) ?? 0}`;
    case 'country':
      return sql<boolean>`exists (select 1 from customer_addresses a where a.customer_id = c.id and a.country_code = ${v.toUpperCase()})`;
    case 'email':
      return sql<boolean>`lower(c.email) = ${v.toLowerCase()}`;
    case 'phone':
      return sql<boolean>`c.phone = ${normalizePhone(v)}`;
    case 'created_at':
      return sql<boolean>`c.created_at ${cmp} ${value}`;
    default:
      return sql<boolean>`c.updated_at ${cmp} ${value}`;
  }
}

export function customerSearchCondition(query: string | null | undefined, currency: string) {
  // A query that is just a phone number, spaces and all, is one phone number, not several words.
  const digits = (query ?? '').replace(/[\s().+-]/g, '');
  if (/^[+\d\s().-]+$/.test(query ?? '') && /^\d{7,15}$/.test(digits)) {
    return { condition: sql<boolean>`c.phone like ${'%' + digits + '%'}` };
  }
  return searchCondition(query, {
    fields: CUSTOMER_SEARCH_FIELDS,
    text,
    field: (name, op, value) => field(name, op, value, currency),
  });
}
