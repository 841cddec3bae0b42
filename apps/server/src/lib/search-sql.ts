import { sql, type RawBuilder } from 'kysely';
import { checkSearch, parseSearch, SearchSyntaxError, type CheckedNode, type Comparison, type SearchFields, type UserError } from '@stockroom/domain';

/** SQL comparison operators for the search language's comparisons. */
export const SQL_OPS: Record<Comparison, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export interface SearchSql {
  fields: SearchFields;
  /** A free word. */
  text: (word: string) => RawBuilder<boolean>;
  /** `field:value` with a checked, converted value. */
  field: (name: string, op: Comparison, value: unknown) => RawBuilder<boolean>;
}

function compile(node: CheckedNode, s: SearchSql): RawBuilder<boolean> {
  switch (node.type) {
    case 'and':
      return sql<boolean>`(${sql.join(node.children.map((c) => compile(c, s)), sql` and `)})`;
    case 'or':
      return sql<boolean>`(${sql.join(node.children.map((c) => compile(c, s)), sql` or `)})`;
    case 'not':
      return sql<boolean>`not coalesce(${compile(node.child, s)}, false)`;
    case 'text':
      return s.text(node.value);
    default:
      return s.field(node.field, node.op, node.value);
  }
}

/**
 * Turns a search (SPEC §7.4) into one SQL condition for a resource, or into userErrors on
 * `query` that say, in plain words, why it is not one (unknown field, bad value, bad syntax).
 */
export function searchCondition(query: string | null | undefined, s: SearchSql): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  try {
    const checked = checkSearch(parseSearch(query ?? ''), s.fields);
    if (!checked.ok) return { errors: [{ field: ['query'], code: 'INVALID', message: checked.problem.message }] };
    return { condition: checked.node ? compile(checked.node, s) : null };
  } catch (e) {
    if (e instanceof SearchSyntaxError) return { errors: [{ field: ['query'], code: 'INVALID', message: e.message }] };
    throw e;
  }
}

/** Words matched as prefixes against a `simple` text-search vector of `column`. */
export function prefixWords(column: RawBuilder<unknown>, word: string): RawBuilder<boolean> | null {
  const tokens = word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!tokens.length) return null;
  return sql<boolean>`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
}
