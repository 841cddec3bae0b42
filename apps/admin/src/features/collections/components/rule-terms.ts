import { RULE_RELATIONS_BY_FIELD } from '@stockroom/domain';
import type { CollectionRuleField, CollectionRuleRelation } from '../../../gql/graphql';

export interface RuleDraft {
  /** Stable React key while rows are added and removed. */
  key: string;
  field: CollectionRuleField;
  relation: CollectionRuleRelation;
  value: string;
}

export const FIELD_LABELS: Record<CollectionRuleField, string> = {
  tag: 'Product tag',
  vendor: 'Vendor',
  productType: 'Product type',
  title: 'Product title',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  inventory: 'Stock available',
  category: 'Category',
};

export const RELATION_LABELS: Record<CollectionRuleRelation, string> = {
  equals: 'is equal to',
  notEquals: 'is not equal to',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  greaterThan: 'is greater than',
  lessThan: 'is less than',
};

export const RULE_FIELDS = Object.keys(FIELD_LABELS) as CollectionRuleField[];

/** Relations that make sense for a field (the same table the server checks). */
export function relationsFor(field: CollectionRuleField): readonly CollectionRuleRelation[] {
  return RULE_RELATIONS_BY_FIELD[field];
}

export function isRuleField(value: string): value is CollectionRuleField {
  return (RULE_FIELDS as string[]).includes(value);
}

export function isRuleRelation(value: string): value is CollectionRuleRelation {
  return value in RELATION_LABELS;
}

export function valuePlaceholder(field: CollectionRuleField): string {
  if (field === 'price' || field === 'compareAtPrice') return 'e.g. 19.99';
  if (field === 'inventory') return 'Units, e.g. 5';
  if (field === 'category') return 'Category name or handle';
  if (field === 'tag') return 'e.g. summer';
  return '';
}

let counter = 0;
export function newRule(field: CollectionRuleField = 'tag'): RuleDraft {
  counter += 1;
  return { key: `rule-${counter}`, field, relation: relationsFor(field)[0] ?? 'equals', value: '' };
}
