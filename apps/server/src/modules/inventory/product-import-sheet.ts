import { variantTitle, type ProductInput, type UserError } from '@stockroom/domain';
import type { Config } from '../../config.js';
import type { Product, Variant } from '../catalog/catalog.model.js';
import type {
  CsvRecord,
  ImportFieldChange,
  ImportRowProblem,
  ImportRowResult,
} from '../jobs/import.model.js';
import type { Location } from './inventory.model.js';
import { DELETE_COLUMN, readColumn, stockLocation } from './product-import-columns.js';

/*
 * The products importer's plan of a file's rows (issue #29): the sheet read by column, each
 * product's group of rows with what they do, and the report's rows made from it.
 */

export const STATUS_WORDS: Record<string, string> = {
  ACTIVE: 'active',
  DRAFT: 'draft',
  ARCHIVED: 'archived',
};
export const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
export const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);
export const WEIGHT_UNITS = new Set(['g', 'kg', 'lb', 'oz']);
export const OWN_MEDIA = /^\/media\/([0-9a-f]{64})\.[a-z0-9]+$/i;

/** Input field → the column it comes from (to say where a rule failed). */
export const PRODUCT_FIELD_COLUMN: Record<string, string> = {
  title: 'Title',
  handle: 'Handle',
  description: 'Body (HTML)',
  status: 'Status',
  vendor: 'Vendor',
  productType: 'Type',
  tags: 'Tags',
  options: 'Option1 Name',
  seoTitle: 'SEO Title',
  seoDescription: 'SEO Description',
};
export const VARIANT_FIELD_COLUMN: Record<string, string> = {
  sku: 'Variant SKU',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  costPrice: 'Cost per item',
  barcode: 'Variant Barcode',
  weightGrams: 'Variant Grams',
  trackInventory: 'Variant Inventory Tracker',
  allowBackorder: 'Variant Inventory Policy',
  optionValues: 'Option1 Value',
};

/** The export's formula guard (a leading = + - @ tab or CR gets a `'`), taken off again. */
export function unguard(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export interface ProductImporterDeps {
  config: Pick<Config, 'dataDir' | 'outboundAllow'>;
}

/** A chunk's rows read by column (canonical names; Stock columns by location id). */
export class Sheet {
  readonly has = new Set<string>();
  private readonly actual = new Map<string, string>();
  readonly stock: { header: string; location: Location }[] = [];

  constructor(headers: readonly string[], locations: readonly Location[]) {
    for (const h of headers) {
      const canonical =
        readColumn(h) ?? (h.toLowerCase() === DELETE_COLUMN.toLowerCase() ? DELETE_COLUMN : null);
      if (canonical) {
        this.has.add(canonical);
        this.actual.set(canonical, h);
      }
      const location = stockLocation(h, locations);
      if (location) this.stock.push({ header: h, location });
    }
  }

  /** The cell under a column (unguarded, trimmed); '' when the column or the cell is missing. */
  cell(record: CsvRecord, column: string): string {
    const header = this.actual.get(column);
    return header === undefined ? '' : unguard((record.cells[header] ?? '').trim());
  }

  /** The cell if the file has the column, else undefined (the field keeps its value). */
  given(record: CsvRecord, column: string): string | undefined {
    return this.has.has(column) ? this.cell(record, column) : undefined;
  }
}

export interface RowPlan {
  record: CsvRecord;
  problems: ImportRowProblem[];
  changes: ImportFieldChange[];
  /** A row with variant fields (not only an image). */
  variantRow: boolean;
  /** Index of its variant in the input's `variants` (null: none, e.g. a deleted one or an image row). */
  inputIndex: number | null;
  match: Variant | null;
  deleted: boolean;
  sku: string | null;
  optionValues: string[];
  stock: { location: Location; onHand: number }[];
  image: { src: string; alt: string | undefined } | null;
}

export interface GroupPlan {
  handle: string;
  rows: RowPlan[];
  product: Product | null;
  /** The product's id once it exists (after an apply made it). */
  productId: string | null;
  /** productCreate's input, or productUpdate's patch (null: nothing of the product changes). */
  input: Record<string, unknown> | null;
  /** The product as the rules read it (validated): what a new product's batched create writes. */
  valid: ProductInput | null;
  fatal: boolean;
}

export function problem(column: string | null, code: string, message: string): ImportRowProblem {
  return { column, code, message };
}

type Cell = string | number | boolean | null | undefined;

export function change(changes: ImportFieldChange[], field: string, before: Cell, after: Cell): void {
  const b = before === null || before === undefined ? '' : String(before);
  const a = after === null || after === undefined ? '' : String(after);
  if (b !== a) changes.push({ field, before: b === '' ? null : b, after: a === '' ? null : a });
}

export const optionKey = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join('\u0000');

/** Puts the rules' userErrors (fields like input.variants.2.price) on the rows and columns they concern. */
export function placeErrors(plan: GroupPlan, errors: readonly UserError[]): void {
  for (const e of errors) {
    const f = (e.field ?? []).filter((x) => x !== 'input');
    let row = plan.rows[0]!;
    let column: string | null = null;
    if (f[0] === 'variants' && f[1] !== undefined) {
      const index = Number(f[1]);
      row = plan.rows.find((r) => r.inputIndex === index) ?? plan.rows[0]!;
      const field = f[2] ?? '';
      column =
        field === 'optionValues'
          ? `Option${Number(f[3] ?? 0) + 1} Value`
          : (VARIANT_FIELD_COLUMN[field] ?? null);
    } else if (f[0] === 'changes' && f[1] !== undefined) {
      // A stock count (setImportedCounts' fields: ['changes', row, location header]).
      row = plan.rows.find((r) => String(r.record.row) === f[1]) ?? plan.rows[0]!;
      column = f[2] ?? null;
    } else if (f[0]) column = PRODUCT_FIELD_COLUMN[f[0]] ?? null;
    if (f[0] === 'options' && f[1] !== undefined && f[2] === 'name')
      column = `Option${Number(f[1]) + 1} Name`;
    row.problems.push(problem(column, e.code, e.message));
  }
}

export function rowResults(plan: GroupPlan): ImportRowResult[] {
  const bad = plan.rows.find((r) => r.problems.length > 0);
  const results: ImportRowResult[] = plan.rows.map((row) => {
    const variantId = row.match?.id ?? null;
    const subjectTitle = row.deleted
      ? row.match?.title
      : row.variantRow
        ? variantTitle(row.optionValues)
        : null;
    const base = {
      row: row.record.row,
      subject: subjectTitle ? `${plan.handle} — ${subjectTitle}` : plan.handle,
      subjectType: row.variantRow ? 'ProductVariant' : 'Product',
      subjectId: row.variantRow ? variantId : plan.productId,
    };
    if (plan.fatal)
      return {
        ...base,
        outcome: 'ERROR' as const,
        changes: [],
        problems: row.problems.length
          ? row.problems
          : [
              problem(
                null,
                'INVALID',
                `Not imported because row ${bad?.record.row ?? plan.rows[0]!.record.row} has an error.`,
              ),
            ],
      };
    const outcome = row.deleted
      ? ('DELETED' as const)
      : !plan.product
        ? ('CREATED' as const)
        : row.variantRow && !row.match
          ? ('CREATED' as const)
          : row.changes.length
            ? ('UPDATED' as const)
            : ('UNCHANGED' as const);
    return { ...base, outcome, changes: row.changes, problems: row.problems };
  });
  return tallied(plan, results);
}

/** A variant row's tally: a new product's variants are created; a stored product's added, updated or deleted. */
const VARIANT_TALLY: Partial<Record<ImportRowResult['outcome'], string>> = {
  CREATED: 'variantsAdded',
  UPDATED: 'variantsUpdated',
  DELETED: 'variantsDeleted',
};

/**
 * The report counts products as well as rows: the product's first row tallies it created or updated
 * (updated when any of its rows changes something), each variant row its variant.
 */
function tallied(plan: GroupPlan, results: ImportRowResult[]): ImportRowResult[] {
  if (plan.fatal || !results.length) return results;
  const changed = results.some((r) => r.outcome !== 'UNCHANGED');
  results.forEach((r, i) => {
    const tally: string[] = [];
    if (i === 0 && changed) tally.push(plan.product ? 'productsUpdated' : 'productsCreated');
    const variant = !plan.rows[i]!.variantRow
      ? undefined
      : plan.product
        ? VARIANT_TALLY[r.outcome]
        : 'variantsCreated';
    if (variant) tally.push(variant);
    if (tally.length) r.tally = tally;
  });
  return results;
}
