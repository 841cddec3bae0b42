import type { ImportMode, ImportRowOutcome } from '../gql/graphql';

/** One filter of an import's report: its words, how many rows it holds, the outcomes it asks for. */
export interface ImportOutcomeTab {
  value: string;
  label: string;
  count: number;
  /** null: every row. */
  outcomes: ImportRowOutcome[] | null;
  color: string;
}

/** The report's outcome as a badge says it, for the job's mode (a dry run speaks of what would happen). */
export function outcomeWords(mode: ImportMode | null | undefined, outcome: ImportRowOutcome): string {
  const dry = mode === 'DRY_RUN';
  switch (outcome) {
    case 'CREATED':
      return dry ? 'To create' : 'Created';
    case 'UPDATED':
      return dry ? 'To update' : 'Updated';
    case 'UNCHANGED':
      return 'Unchanged';
    case 'DELETED':
      return dry ? 'To delete' : 'Deleted';
    case 'REVERTED':
      return 'Undone';
    case 'ERROR':
      return mode === 'REVERT' ? 'Not undone' : 'Error';
  }
}

export const OUTCOME_COLORS: Record<ImportRowOutcome, string> = {
  CREATED: 'green',
  UPDATED: 'blue',
  UNCHANGED: 'gray',
  DELETED: 'orange',
  REVERTED: 'green',
  ERROR: 'red',
};

const COUNT_OF: Record<ImportRowOutcome, string> = {
  CREATED: 'created',
  UPDATED: 'updated',
  UNCHANGED: 'unchanged',
  DELETED: 'deleted',
  REVERTED: 'reverted',
  ERROR: 'errors',
};

/** The outcomes every report shows a filter for, even at 0 (the merchant expects to see "0 errors"). */
const ALWAYS: Record<ImportMode, ImportRowOutcome[]> = {
  DRY_RUN: ['CREATED', 'UPDATED', 'UNCHANGED', 'ERROR'],
  APPLY: ['CREATED', 'UPDATED', 'UNCHANGED', 'ERROR'],
  REVERT: ['REVERTED', 'ERROR'],
};

const ORDER: ImportRowOutcome[] = ['CREATED', 'UPDATED', 'DELETED', 'UNCHANGED', 'REVERTED', 'ERROR'];

/**
 * The report's filters from its counts: "All" first, then each outcome this mode always shows and any
 * other with rows (a Delete column's deletions), in a fixed order.
 */
export function importOutcomeTabs(
  mode: ImportMode | null | undefined,
  counts: readonly { name: string; value: number }[],
): ImportOutcomeTab[] {
  const count = (name: string) => counts.find((c) => c.name === name)?.value ?? 0;
  const always = ALWAYS[mode ?? 'DRY_RUN'];
  const shown = ORDER.filter((o) => always.includes(o) || count(COUNT_OF[o]) > 0);
  const sum = shown.reduce((total, o) => total + count(COUNT_OF[o]), 0);
  return [
    {
      value: 'ALL',
      label: 'All',
      count: counts.some((c) => c.name === 'rows') ? count('rows') : sum,
      outcomes: null,
      color: 'dark',
    },
    ...shown.map((o) => ({
      value: o,
      // A tab counts rows ("Errors · 3"); a row's badge is one ("Error").
      label: o === 'ERROR' && mode !== 'REVERT' ? 'Errors' : outcomeWords(mode, o),
      count: count(COUNT_OF[o]),
      outcomes: [o],
      color: OUTCOME_COLORS[o],
    })),
  ];
}

/**
 * The report's counts in one line, each outcome the mode shows in its words:
 * "6 to create · 0 to update · 0 unchanged · 1 error".
 */
export function importCountsLine(
  mode: ImportMode | null | undefined,
  counts: readonly { name: string; value: number }[],
): string {
  // A products file has a row per variant: its summary speaks of products, so this line says rows.
  const prefix = countsProducts(counts) ? 'Rows: ' : '';
  return `${prefix}${importOutcomeTabs(mode, counts)
    .filter((t) => t.value !== 'ALL')
    .map((t) => {
      const words =
        t.value === 'ERROR' && mode !== 'REVERT'
          ? t.count === 1
            ? 'error'
            : 'errors'
          : t.label.toLowerCase();
      return `${t.count.toLocaleString('en-US')} ${words}`;
    })
    .join(' · ')}`;
}

/** Whether the report counts products beside rows (a products import that changes some). */
function countsProducts(counts: readonly { name: string; value: number }[]): boolean {
  return counts.some((c) => c.name === 'productsCreated' || c.name === 'productsUpdated');
}

const plural = (v: number, one: string, many: string) =>
  `${v.toLocaleString('en-US')} ${v === 1 ? one : many}`;

/**
 * A products report in products, not rows (a row per variant): "create 2 products (6 variants)",
 * "update 1 product (2 variants changed, 1 added)"; `past` for an apply: "2 products created
 * (6 variants), 1 updated (…)". Null when the report does not count products.
 */
export function productChanges(
  counts: readonly { name: string; value: number }[],
  past: boolean,
): string[] | null {
  if (!countsProducts(counts)) return null;
  const count = (name: string) => counts.find((c) => c.name === name)?.value ?? 0;
  const created = count('productsCreated');
  const updated = count('productsUpdated');
  const parts: string[] = [];
  if (created) {
    const variants = count('variantsCreated');
    const products = plural(created, 'product', 'products');
    const some = variants ? ` (${plural(variants, 'variant', 'variants')})` : '';
    parts.push(past ? `${products} created${some}` : `create ${products}${some}`);
  }
  if (updated) {
    const details = [
      ['changed', count('variantsUpdated')],
      ['added', count('variantsAdded')],
      ['deleted', count('variantsDeleted')],
    ] as const;
    const said = details.filter(([, v]) => v > 0);
    const variants = said.length
      ? ` (${said.map(([w, v], i) => (i === 0 ? `${plural(v, 'variant', 'variants')} ${w}` : `${v.toLocaleString('en-US')} ${w}`)).join(', ')})`
      : '';
    parts.push(
      past
        ? `${plural(updated, 'product', 'products')} updated${variants}`
        : `update ${plural(updated, 'product', 'products')}${variants}`,
    );
  }
  return parts;
}

const listed = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : (parts[0] ?? '');

/** What applying will do, for the confirm: "This will create 3 and update 2 customers. 1 row has errors and is skipped." */
export function applySummary(counts: readonly { name: string; value: number }[], noun: string): string {
  const count = (name: string) => counts.find((c) => c.name === name)?.value ?? 0;
  const n = (v: number) => v.toLocaleString('en-US');
  const errors = count('errors');
  const skipped = errors
    ? ` ${n(errors)} ${errors === 1 ? 'row has errors and is' : 'rows have errors and are'} skipped.`
    : '';
  const products = productChanges(counts, false);
  if (products)
    return `${products.length ? `This will ${listed(products)}.` : 'Nothing will change.'}${skipped}`;
  const verbs = [
    ['create', count('created')],
    ['update', count('updated')],
    ['delete', count('deleted')],
  ]
    .filter(([, v]) => Number(v) > 0)
    .map(([verb, v]) => `${String(verb)} ${n(Number(v))}`);
  const what = verbs.length
    ? `This will ${verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} and ${verbs.at(-1)!}` : verbs[0]!} ${noun}.`
    : 'Nothing will change.';
  return `${what}${skipped}`;
}
