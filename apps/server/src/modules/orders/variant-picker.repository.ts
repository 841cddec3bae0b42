import { sql, type RawBuilder } from 'kysely';
import { PRODUCT_STATUSES, type Comparison, type SearchFields } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { toVariant, type Variant } from '../catalog/catalog.model.js';
import { prefixWords, searchCondition, SQL_OPS } from '../../lib/search-sql.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';

/**
 * `productVariants(query:)` (SPEC §7.3), the picker of drafts and integrations: one row per variant,
 * found by SKU, barcode or the words of its product. Alias: v = product_variants, p = products.
 */
export const VARIANT_SEARCH_FIELDS: SearchFields = {
  sku: { kind: 'text' },
  barcode: { kind: 'text' },
  status: { kind: 'enum', values: PRODUCT_STATUSES },
  product_id: { kind: 'text' },
  updated_at: { kind: 'date' },
};

/** The words of one variant: its product's (as `products.search_text` has them, less the other variants' codes) and its own. */
const VARIANT_WORDS = sql`concat_ws(' ', p.title, p.handle, p.vendor, p.product_type, v.title, v.sku, v.barcode)`;

/**
 * A free word: the variant's SKU or barcode exactly, or the start of a word of the product or the
 * variant ("beanie navy" is the navy one). The product's indexed words find the products; the
 * variant's own words then choose among their variants.
 */
function text(word: string): RawBuilder<boolean> {
  const product = prefixWords(sql`p.search_text`, word);
  const variant = prefixWords(VARIANT_WORDS, word);
  const parts = [
    sql<boolean>`lower(v.sku) = ${word.toLowerCase()}`,
    sql<boolean>`v.barcode = ${word}`,
    ...(product && variant ? [sql<boolean>`(${product} and ${variant})`] : []),
  ];
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

function field(name: string, op: Comparison, value: unknown, productId: (id: string) => string | null) {
  const v = String(value);
  switch (name) {
    case 'sku':
      return sql<boolean>`lower(v.sku) = ${v.toLowerCase()}`;
    case 'barcode':
      return sql<boolean>`v.barcode = ${v}`;
    case 'status':
      return sql<boolean>`p.status = ${v}`;
    case 'product_id': {
      const id = productId(v);
      return id ? sql<boolean>`v.product_id = ${id}` : sql<boolean>`false`;
    }
    default:
      return sql<boolean>`v.updated_at ${sql.raw(SQL_OPS[op])} ${value}`;
  }
}

export function variantSearchCondition(
  query: string | null | undefined,
  productId: (id: string) => string | null,
) {
  return searchCondition(query, {
    fields: VARIANT_SEARCH_FIELDS,
    text,
    field: (name, op, value) => field(name, op, value, productId),
  });
}

export const VARIANT_SORTS = {
  TITLE: { expression: "lower(p.title || ' ' || v.title)", cast: 'text', descending: false },
  SKU: { expression: 'lower(v.sku)', cast: 'text', descending: false, nullable: true },
  UPDATED_AT: { expression: 'v.updated_at', cast: 'timestamptz', descending: true },
} as const satisfies Record<string, SortChoice>;

export type VariantSortKey = keyof typeof VARIANT_SORTS;

function variantListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v');
  return condition ? q.where(condition) : q;
}

export async function pageVariants(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: VariantSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<Variant>> {
  const key = VARIANT_SORTS[sortKey];
  const page = await keysetPage(
    variantListQuery(db, condition),
    { ...key, idColumn: 'v.id' },
    key.descending !== reverse,
    args,
  );
  return mapPage(page, toVariant);
}

export function countVariants(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, variantListQuery(db, condition));
}
