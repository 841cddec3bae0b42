import { sql, type RawBuilder } from 'kysely';
import { AVAILABLE_SQL, parseMoney, type CollectionRuleMatch } from '@stockroom/domain';
import { containsPattern, escapeLike } from '../../lib/search-sql.js';
import type { CollectionRuleJson } from './catalog.tables.js';

const AVAILABLE = sql.raw(AVAILABLE_SQL('l'));

function textRule(column: RawBuilder<unknown>, relation: string, value: string): RawBuilder<boolean> {
  const v = value.toLowerCase();
  switch (relation) {
    case 'equals':
      return sql<boolean>`coalesce(lower(${column}) = ${v}, false)`;
    case 'notEquals':
      return sql<boolean>`coalesce(lower(${column}) <> ${v}, true)`;
    case 'contains':
      return sql<boolean>`coalesce(lower(${column}) like ${containsPattern(v)}, false)`;
    case 'notContains':
      return sql<boolean>`coalesce(lower(${column}) not like ${containsPattern(v)}, true)`;
    default:
      return sql<boolean>`coalesce(lower(${column}) like ${escapeLike(v) + '%'}, false)`;
  }
}

function tagRule(relation: string, value: string): RawBuilder<boolean> {
  const v = value.toLowerCase();
  switch (relation) {
    case 'equals':
      return sql<boolean>`p.tag_keys @> array[${v}]::text[]`;
    case 'notEquals':
      return sql<boolean>`not (p.tag_keys @> array[${v}]::text[])`;
    case 'contains':
      return sql<boolean>`exists (select 1 from unnest(p.tag_keys) t where t like ${containsPattern(v)})`;
    case 'notContains':
      return sql<boolean>`not exists (select 1 from unnest(p.tag_keys) t where t like ${containsPattern(v)})`;
    default:
      return sql<boolean>`exists (select 1 from unnest(p.tag_keys) t where t like ${escapeLike(v) + '%'})`;
  }
}

/** Some variant's amount (price or compare-at) stands in that relation to the value. */
function amountRule(
  column: 'price' | 'compare_at_price',
  relation: string,
  minor: number,
): RawBuilder<boolean> {
  const op = sql.raw({ equals: '=', notEquals: '<>', greaterThan: '>', lessThan: '<' }[relation] ?? '=');
  return sql<boolean>`exists (select 1 from product_variants v where v.product_id = p.id and v.${sql.raw(column)} ${op} ${minor})`;
}

/** A product (aliased `p`) matches the rule. Rules were validated by the domain schema. */
export function ruleCondition(rule: CollectionRuleJson, currency: string): RawBuilder<boolean> {
  switch (rule.field) {
    case 'tag':
      return tagRule(rule.relation, rule.value);
    case 'vendor':
      return textRule(sql`p.vendor`, rule.relation, rule.value);
    case 'productType':
      return textRule(sql`p.product_type`, rule.relation, rule.value);
    case 'title':
      return textRule(sql`p.title`, rule.relation, rule.value);
    case 'category': {
      const inCategory = sql<boolean>`p.category_id in (select c.id from categories c where c.handle = ${rule.value.toLowerCase()} or lower(c.name) = ${rule.value.toLowerCase()})`;
      return rule.relation === 'notEquals' ? sql<boolean>`not coalesce(${inCategory}, false)` : inCategory;
    }
    case 'price':
      return amountRule('price', rule.relation, parseMoney(rule.value, currency) ?? 0);
    case 'inventory': {
      const op = sql.raw(
        { equals: '=', notEquals: '<>', greaterThan: '>', lessThan: '<' }[rule.relation] ?? '=',
      );
      return sql<boolean>`(select coalesce(sum(${AVAILABLE}), 0) from product_variants v
        join inventory_levels l on l.variant_id = v.id where v.product_id = p.id and v.track_inventory) ${op} ${Number(rule.value)}`;
    }
    default:
      return amountRule('compare_at_price', rule.relation, parseMoney(rule.value, currency) ?? 0);
  }
}

export function rulesCondition(
  rules: CollectionRuleJson[],
  match: CollectionRuleMatch,
  currency: string,
): RawBuilder<boolean> {
  if (!rules.length) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    rules.map((r) => ruleCondition(r, currency)),
    match === 'ALL' ? sql` and ` : sql` or `,
  )})`;
}
