import {
  DomainError,
  formatMinor,
  productSchema,
  validate,
  variantTitle,
  type ProductInput,
  type UserError,
  type ValidationResult,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Config } from '../../config.js';
import type { Media, Product, Variant } from '../catalog/catalog.model.js';
import { productCreate, productDelete, productsByIds, productUpdate } from '../catalog/product.service.js';
import { inputFromProduct } from '../catalog/product-values.js';
import { keepUnsaid } from '../catalog/product-variants.service.js';
import { sanitizeDescription } from '../catalog/sanitize.js';
import {
  inspectBytes,
  MAX_MEDIA_BYTES,
  mediaDir,
  productMediaUpdate,
  productMediaUpload,
  store,
} from '../catalog/media.service.js';
import { storeSettings } from '../settings/settings.service.js';
import type { AuditEvent } from '../audit/audit.model.js';
import { outboundFetch } from '../../lib/outbound-fetch.js';
import type {
  CsvRecord,
  ImportContext,
  ImportFieldChange,
  Importer,
  ImportRowProblem,
  ImportRowResult,
} from '../jobs/import.model.js';
import type { InventoryLevel, Location } from './inventory.model.js';
import { listLocations } from './location.repository.js';
import {
  checkProductHeader,
  DELETE_COLUMN,
  productImportColumns,
  readColumn,
  stockLocation,
} from './product-import-columns.js';
import * as reads from './product-import.repository.js';
import { setImportedCounts, type ImportedCount } from './product-import-stock.js';

/**
 * The products importer (issue #29): Shopify's product CSV — what the products export writes — one
 * row per variant, a product's own fields on its first row, images on any row. Each product is
 * checked whole by the catalog's own rules (productSchema, the SKU owners) and written whole by
 * productCreate / productUpdate, then its stock (set per `Stock: <location>` column, an IMPORT
 * movement) and its images, inside `ctx.isolated`: a product with one bad row is not written at all.
 */

const STATUS_WORDS: Record<string, string> = { ACTIVE: 'active', DRAFT: 'draft', ARCHIVED: 'archived' };
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);
const WEIGHT_UNITS = new Set(['g', 'kg', 'lb', 'oz']);
const OWN_MEDIA = /^\/media\/([0-9a-f]{64})\.[a-z0-9]+$/i;

/** Input field → the column it comes from (to say where a rule failed). */
const PRODUCT_FIELD_COLUMN: Record<string, string> = {
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
const VARIANT_FIELD_COLUMN: Record<string, string> = {
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
class Sheet {
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

interface RowPlan {
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

interface GroupPlan {
  handle: string;
  rows: RowPlan[];
  product: Product | null;
  /** The product's id once it exists (after an apply made it). */
  productId: string | null;
  /** productCreate's input, or productUpdate's patch (null: nothing of the product changes). */
  input: Record<string, unknown> | null;
  fatal: boolean;
}

function problem(column: string | null, code: string, message: string): ImportRowProblem {
  return { column, code, message };
}

type Cell = string | number | boolean | null | undefined;

function change(changes: ImportFieldChange[], field: string, before: Cell, after: Cell): void {
  const b = before === null || before === undefined ? '' : String(before);
  const a = after === null || after === undefined ? '' : String(after);
  if (b !== a) changes.push({ field, before: b === '' ? null : b, after: a === '' ? null : a });
}

const optionKey = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join('\u0000');

export function productImporter(deps: ProductImporterDeps): Importer {
  return {
    kind: 'PRODUCTS',
    columns: async (trx) => productImportColumns(await listLocations(trx)),
    checkHeader: async (trx, headers) => checkProductHeader(headers, await listLocations(trx)),
    groupKey: (record) => {
      const handle = Object.entries(record.cells).find(([h]) => h.toLowerCase() === 'handle')?.[1] ?? '';
      return unguard(handle.trim()).toLowerCase();
    },
    run: (ctx, records) => runChunk(deps, ctx, records),
    reverters: {
      'product.create': revertCreation,
      'inventory.adjust': revertCount,
    },
  };
}

async function runChunk(
  deps: ProductImporterDeps,
  ctx: ImportContext,
  records: CsvRecord[],
): Promise<ImportRowResult[]> {
  const { trx } = ctx;
  const shop = await storeSettings(trx);
  const currency = shop.currencyCode;
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? null : formatMinor(minor, currency);
  const locations = await listLocations(trx);
  const sheet = new Sheet(ctx.headers, locations);

  // Groups: consecutive rows of one handle.
  const groups: { handle: string; records: CsvRecord[] }[] = [];
  for (const record of records) {
    const handle = unguard(sheet.cell(record, 'Handle')).toLowerCase();
    const last = groups[groups.length - 1];
    if (last && last.handle === handle) last.records.push(record);
    else groups.push({ handle, records: [record] });
  }

  // Claims: a handle's rows stand together; a SKU is on one row of the file.
  const claims: { key: string; row: number }[] = [];
  const earlierInChunk = new Map<string, number>();
  const localDup = new Map<string, number>(); // "key@row" → earlier row in this chunk
  const claim = (key: string, row: number) => {
    const first = earlierInChunk.get(key);
    if (first !== undefined && first !== row) localDup.set(`${key}@${row}`, first);
    else {
      earlierInChunk.set(key, row);
      claims.push({ key, row });
    }
  };
  for (const g of groups) {
    if (g.handle) claim(`handle:${g.handle}`, g.records[0]!.row);
    for (const r of g.records) {
      const sku = sheet.cell(r, 'Variant SKU');
      if (sku) claim(`sku:${sku.toLowerCase()}`, r.row);
    }
  }
  const claimed = await ctx.claimKeys(claims);
  const earlierRow = (key: string, row: number): number | undefined =>
    localDup.get(`${key}@${row}`) ?? claimed.get(key);

  // Batched reads for the chunk.
  const handles = groups.map((g) => g.handle).filter(Boolean);
  const products = await reads.productsByHandles(trx, handles);
  const productIds = [...products.values()].map((p) => p.id);
  const variants = await reads.variantsOf(trx, productIds);
  const media = await reads.mediaOf(trx, productIds);
  const levels = await reads.levelsOf(
    trx,
    variants.map((v) => v.id),
  );
  const skus = records.map((r) => sheet.cell(r, 'Variant SKU').toLowerCase()).filter(Boolean);
  const holders = await reads.skuHolders(trx, skus);
  const levelOf = new Map(levels.map((l) => [`${l.variantId}/${l.locationId}`, l]));

  const results: ImportRowResult[] = [];
  for (const g of groups) {
    const product = g.handle ? (products.get(g.handle) ?? null) : null;
    const plan = planGroup({
      sheet,
      group: g,
      product,
      variants: product ? variants.filter((v) => v.productId === product.id) : [],
      media: product ? media.filter((m) => m.productId === product.id) : [],
      levelOf,
      holders,
      currency,
      money,
      earlierRow,
    });
    if (!plan.fatal && ctx.mode === 'APPLY') {
      const applied = await ctx.isolated(() => applyGroup(deps, ctx.trx, ctx.actor, plan, locations));
      if (!applied.ok) {
        if (!(applied.error instanceof DomainError)) throw applied.error;
        placeErrors(plan, applied.error.errors);
        plan.fatal = true;
      }
    }
    results.push(...rowResults(plan));
  }
  return results;
}

interface PlanInput {
  sheet: Sheet;
  group: { handle: string; records: CsvRecord[] };
  product: Product | null;
  variants: Variant[];
  media: Media[];
  levelOf: Map<string, InventoryLevel>;
  holders: Map<string, { productId: string; productTitle: string; handle: string }>;
  currency: string;
  money: (minor: number | null | undefined) => string | null;
  earlierRow: (key: string, row: number) => number | undefined;
}

function planGroup(p: PlanInput): GroupPlan {
  const { sheet, group, product, currency, money } = p;
  const first = group.records[0]!;
  const rows: RowPlan[] = group.records.map((record) => ({
    record,
    problems: [],
    changes: [],
    variantRow: false,
    inputIndex: null,
    match: null,
    deleted: false,
    sku: null,
    optionValues: [],
    stock: [],
    image: null,
  }));
  const plan: GroupPlan = {
    handle: group.handle,
    rows,
    product,
    productId: product?.id ?? null,
    input: null,
    fatal: false,
  };

  if (!group.handle) {
    rows.forEach((r) =>
      r.problems.push(problem('Handle', 'REQUIRED', 'Give the product’s handle on every row.')),
    );
    plan.fatal = true;
    return plan;
  }
  const split = p.earlierRow(`handle:${group.handle}`, first.row);
  if (split !== undefined) {
    rows.forEach((r) =>
      r.problems.push(
        problem(
          'Handle',
          'INVALID',
          `The rows of ${group.handle} must stand together: row ${split} has this handle too, with other products’ rows between.`,
        ),
      ),
    );
    plan.fatal = true;
    return plan;
  }

  // The product's own fields (first row).
  const fields: Record<string, unknown> = {};
  const text = (column: string, field: string) => {
    const v = sheet.given(first, column);
    if (v !== undefined) fields[field] = v;
  };
  text('Title', 'title');
  text('Body (HTML)', 'description');
  text('Vendor', 'vendor');
  text('Type', 'productType');
  text('SEO Title', 'seoTitle');
  text('SEO Description', 'seoDescription');
  const tags = sheet.given(first, 'Tags');
  if (tags !== undefined)
    fields['tags'] = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const status = sheet.given(first, 'Status');
  const published = sheet.given(first, 'Published');
  if (status !== undefined && status !== '') fields['status'] = status.toUpperCase();
  else if (status === undefined && published !== undefined && published !== '') {
    const word = published.toLowerCase();
    if (TRUE_WORDS.has(word)) fields['status'] = 'ACTIVE';
    else if (FALSE_WORDS.has(word)) fields['status'] = 'DRAFT';
    else rows[0]!.problems.push(problem('Published', 'INVALID', 'Write TRUE or FALSE.'));
  }

  // Options: names on the first row; "Title" / "Default Title" is Shopify's product without options.
  const names = [1, 2, 3].map((n) => sheet.cell(first, `Option${n} Name`));
  const lastName = names.map((n) => n !== '').lastIndexOf(true);
  let optionNames: string[] | null =
    sheet.has.has('Option1 Name') && lastName >= 0 ? names.slice(0, lastName + 1) : null;
  if (!product && optionNames === null) optionNames = [];
  const noOptions =
    optionNames !== null && optionNames.length === 1 && optionNames[0]!.toLowerCase() === 'title';
  if (noOptions) optionNames = [];
  const optionCount = optionNames?.length ?? product?.options.length ?? 0;

  // Each row: its variant, its stock, its image.
  const variantColumns = [
    'Option1 Value',
    'Option2 Value',
    'Option3 Value',
    'Variant SKU',
    'Variant Price',
    'Variant Compare At Price',
    'Cost per item',
    'Variant Barcode',
    'Variant Grams',
  ];
  const usedMatches = new Set<string>();
  const fileVariants: { row: RowPlan; values: Record<string, unknown> }[] = [];
  for (const row of rows) {
    const r = row.record;
    row.variantRow =
      variantColumns.some((c) => sheet.cell(r, c) !== '') ||
      sheet.stock.some((s) => (r.cells[s.header] ?? '').trim() !== '');
    const src = sheet.cell(r, 'Image Src');
    if (src) row.image = { src, alt: sheet.given(r, 'Image Alt Text') };
    if (!row.variantRow) continue;

    const values: Record<string, unknown> = {};
    const optionValues = [1, 2, 3].slice(0, optionCount).map((n) => sheet.cell(r, `Option${n} Value`));
    if (noOptions || optionCount === 0) row.optionValues = [];
    else row.optionValues = optionValues;
    if (optionNames !== null || !product) values['optionValues'] = row.optionValues;
    const sku = sheet.given(r, 'Variant SKU');
    if (sku !== undefined) {
      values['sku'] = sku || null;
      row.sku = sku || null;
    }
    const price = sheet.given(r, 'Variant Price');
    if (price) values['price'] = price;
    const compare = sheet.given(r, 'Variant Compare At Price');
    if (compare !== undefined) values['compareAtPrice'] = compare || null;
    const cost = sheet.given(r, 'Cost per item');
    if (cost !== undefined) values['costPrice'] = cost || null;
    const barcode = sheet.given(r, 'Variant Barcode');
    if (barcode !== undefined) values['barcode'] = barcode || null;
    const grams = sheet.given(r, 'Variant Grams');
    if (grams !== undefined) {
      if (grams === '') values['weightGrams'] = null;
      else if (/^-?\d+(\.\d+)?$/.test(grams)) values['weightGrams'] = Number(grams);
      else
        row.problems.push(
          problem('Variant Grams', 'INVALID', `Enter the weight in whole grams, like 250, not "${grams}".`),
        );
    }
    const unit = sheet.cell(r, 'Variant Weight Unit');
    if (unit && !WEIGHT_UNITS.has(unit.toLowerCase()))
      row.problems.push(problem('Variant Weight Unit', 'INVALID', `Write g, kg, lb or oz, not "${unit}".`));
    const tracker = sheet.given(r, 'Variant Inventory Tracker');
    if (tracker !== undefined) values['trackInventory'] = tracker !== '';
    const policy = sheet.given(r, 'Variant Inventory Policy');
    if (policy) {
      if (policy.toLowerCase() === 'continue') values['allowBackorder'] = true;
      else if (policy.toLowerCase() === 'deny') values['allowBackorder'] = false;
      else
        row.problems.push(
          problem('Variant Inventory Policy', 'INVALID', `Write deny or continue, not "${policy}".`),
        );
    }
    const del = sheet.given(r, DELETE_COLUMN);
    if (del !== undefined) {
      if (TRUE_WORDS.has(del.toLowerCase())) row.deleted = true;
      else if (!FALSE_WORDS.has(del.toLowerCase()))
        row.problems.push(
          problem(
            DELETE_COLUMN,
            'INVALID',
            `Write TRUE to delete the variant, or leave it empty; not "${del}".`,
          ),
        );
    }
    for (const s of sheet.stock) {
      const cell = (r.cells[s.header] ?? '').trim();
      if (cell === '') continue;
      if (!/^-?\d+$/.test(cell))
        row.problems.push(
          problem(s.header, 'INVALID', `Enter the units on hand as a whole number, not "${cell}".`),
        );
      else row.stock.push({ location: s.location, onHand: Number(cell) });
    }

    // The same SKU on an earlier row of the file; a SKU of another product of the store.
    if (row.sku) {
      const earlier = p.earlierRow(`sku:${row.sku.toLowerCase()}`, r.row);
      if (earlier !== undefined)
        row.problems.push(
          problem('Variant SKU', 'TAKEN', `SKU ${row.sku} is already used on row ${earlier} of this file.`),
        );
      const holder = p.holders.get(row.sku.toLowerCase());
      if (holder && holder.productId !== product?.id)
        row.problems.push(
          problem(
            'Variant SKU',
            'TAKEN',
            `SKU ${row.sku} is already used by ${holder.productTitle} (handle ${holder.handle}).`,
          ),
        );
    }

    // Which stored variant this row is: by SKU, else by option values.
    let match: Variant | undefined;
    if (row.sku) match = p.variants.find((v) => v.sku?.toLowerCase() === row.sku!.toLowerCase());
    if (!match && (optionNames !== null || !sheet.has.has('Variant SKU')))
      match = p.variants.find(
        (v) => !usedMatches.has(v.id) && optionKey(v.optionValues) === optionKey(row.optionValues),
      );
    if (match && usedMatches.has(match.id)) match = undefined;
    if (match) usedMatches.add(match.id);
    row.match = match ?? null;
    if (row.deleted) {
      if (!match) row.problems.push(problem(DELETE_COLUMN, 'INVALID', 'There is no such variant to delete.'));
      continue;
    }
    fileVariants.push({ row, values });
  }

  if (!fileVariants.length && !product && rows.every((r) => !r.variantRow))
    fileVariants.push({ row: rows[0]!, values: {} });

  // The product's input as the forms would send it.
  const fileOptions = (names: string[]) =>
    names.map((name, j) => {
      const values: string[] = [];
      const known = product?.options.find((o) => o.name.toLowerCase() === name.toLowerCase());
      for (const v of known?.values ?? []) values.push(v);
      for (const f of fileVariants)
        for (const v of [f.row.optionValues[j] ?? ''])
          if (v && !values.some((x) => x.toLowerCase() === v.toLowerCase())) values.push(v);
      return { name, values };
    });
  const options = optionNames === null ? undefined : fileOptions(optionNames);

  let raw: Record<string, unknown>;
  let validated: ValidationResult<ProductInput>;
  if (!product) {
    raw = {
      ...fields,
      handle: group.handle,
      options: options ?? [],
      variants: fileVariants.map((f) => f.values),
    };
    if (fields['title'] === undefined || fields['title'] === '')
      rows[0]!.problems.push(problem('Title', 'REQUIRED', 'A new product needs a title on its first row.'));
    validated = validate(productSchema(currency), raw, ['input']);
    fileVariants.forEach((f, i) => (f.row.inputIndex = i));
  } else {
    const existing = p.variants;
    const current = inputFromProduct(product, existing, (m) => formatMinor(m, currency));
    const list: Record<string, unknown>[] = [];
    for (const v of existing) {
      const row = rows.find((r) => r.match?.id === v.id);
      if (row?.deleted) continue;
      const f = row && fileVariants.find((x) => x.row === row);
      if (f) f.row.inputIndex = list.length;
      list.push({ ...(f?.values ?? {}), id: v.id });
    }
    for (const f of fileVariants)
      if (!f.row.match) {
        f.row.inputIndex = list.length;
        list.push(f.values);
      }
    raw = { ...fields, ...(options ? { options } : {}), variants: list };
    const merged = {
      ...current,
      ...raw,
      variants: list.map((v) => keepUnsaid(v as { id?: string }, current.variants)),
    };
    validated = validate(productSchema(currency), merged, ['input']);
  }
  if (!validated.ok) placeErrors(plan, validated.errors);

  // Stock: only tracked variants have counts.
  for (const f of fileVariants) {
    const tracked = validated.ok
      ? validated.value.variants[f.row.inputIndex!]?.trackInventory
      : (f.values['trackInventory'] ?? f.row.match?.trackInventory ?? true);
    if (f.row.stock.length && tracked === false)
      f.row.problems.push(
        problem(
          sheet.stock.find((s) => s.location === f.row.stock[0]!.location)?.header ?? null,
          'INVALID',
          'This variant does not track stock (Variant Inventory Tracker is empty), so it has no units on hand to set.',
        ),
      );
  }

  plan.fatal = rows.some((r) => r.problems.length > 0);
  if (plan.fatal || !validated.ok) {
    plan.fatal = true;
    return plan;
  }

  // What changes, in the export's formats.
  const after = validated.value;
  const firstChanges = rows[0]!.changes;
  if (product) {
    change(firstChanges, 'Title', product.title, after.title);
    change(firstChanges, 'Body (HTML)', product.description, sanitizeDescription(after.description));
    change(firstChanges, 'Vendor', product.vendor, after.vendor);
    change(firstChanges, 'Type', product.productType, after.productType);
    change(firstChanges, 'Tags', product.tags.join(', '), after.tags.join(', '));
    change(firstChanges, 'Status', STATUS_WORDS[product.status], STATUS_WORDS[after.status]);
    change(firstChanges, 'SEO Title', product.seoTitle, after.seoTitle);
    change(firstChanges, 'SEO Description', product.seoDescription, after.seoDescription);
    const words = (o: { name: string; values: string[] }[]) =>
      o.map((x) => `${x.name}: ${x.values.join(', ')}`).join(' / ');
    change(firstChanges, 'Options', words(product.options), words(after.options));
  }
  for (const row of rows) {
    if (row.deleted) {
      row.changes.push({ field: 'Variant', before: row.match!.title, after: null });
      continue;
    }
    if (row.inputIndex === null || !row.variantRow) continue;
    const v = after.variants[row.inputIndex]!;
    const was = row.match;
    change(row.changes, 'Variant', was?.title, variantTitle(v.optionValues));
    change(row.changes, 'Variant SKU', was?.sku, v.sku);
    change(row.changes, 'Variant Price', money(was?.price), money(v.price));
    change(row.changes, 'Variant Compare At Price', money(was?.compareAtPrice), money(v.compareAtPrice));
    change(row.changes, 'Cost per item', money(was?.costPrice), money(v.costPrice));
    change(row.changes, 'Variant Barcode', was?.barcode, v.barcode);
    change(row.changes, 'Variant Grams', was?.weightGrams, v.weightGrams);
    change(
      row.changes,
      'Variant Inventory Tracker',
      was ? (was.trackInventory ? 'shopify' : '') : '',
      v.trackInventory ? 'shopify' : '',
    );
    change(
      row.changes,
      'Variant Inventory Policy',
      was ? (was.allowBackorder ? 'continue' : 'deny') : '',
      v.allowBackorder ? 'continue' : 'deny',
    );
  }
  // The product's own changes beyond the first row's variant count as the product's update.
  const productChanged = rows.some((r) => r.changes.length > 0);
  for (const row of rows) {
    for (const s of row.stock) {
      const level = row.match ? p.levelOf.get(`${row.match.id}/${s.location.id}`) : undefined;
      change(
        row.changes,
        sheet.stock.find((x) => x.location === s.location)!.header,
        level?.onHand ?? (row.match ? 0 : null),
        s.onHand,
      );
    }
    if (row.image) {
      const own = OWN_MEDIA.exec(row.image.src);
      if (own) {
        const m = p.media.find((x) => x.contentHash === own[1]!.toLowerCase());
        if (!m)
          row.problems.push(
            problem(
              'Image Src',
              'INVALID',
              `${row.image.src} is not an image of this product; give the image’s web address to add it.`,
            ),
          );
        else if (row.image.alt !== undefined) change(row.changes, 'Image Alt Text', m.alt, row.image.alt);
      } else if (/^https?:\/\//i.test(row.image.src)) {
        change(row.changes, 'Image Src', null, row.image.src);
      } else
        row.problems.push(
          problem(
            'Image Src',
            'INVALID',
            `"${row.image.src}" is neither a web address (https://…) nor an image of this product (/media/…).`,
          ),
        );
    }
  }
  plan.input = !product ? raw : productChanged ? { ...raw, version: product.version } : null;
  return plan;
}

/** Puts the rules' userErrors (fields like input.variants.2.price) on the rows and columns they concern. */
function placeErrors(plan: GroupPlan, errors: readonly UserError[]): void {
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

function rowResults(plan: GroupPlan): ImportRowResult[] {
  const bad = plan.rows.find((r) => r.problems.length > 0);
  return plan.rows.map((row) => {
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
}

/** Writes one product: its fields and variants, then its counts, then its images. */
async function applyGroup(
  deps: ProductImporterDeps,
  trx: Tx,
  actor: Actor,
  plan: GroupPlan,
  locations: Location[],
): Promise<void> {
  let productId = plan.product?.id ?? null;
  if (!plan.product) productId = (await productCreate(trx, actor, plan.input)).id;
  else if (plan.input) await productUpdate(trx, actor, plan.product.id, plan.input);
  const id = productId!;
  plan.productId = id;

  // The stored variants now, and which one each row is.
  const now = await reads.variantsOf(trx, [id]);
  for (const row of plan.rows) {
    if (!row.variantRow || row.deleted) continue;
    row.match =
      (row.sku ? now.find((v) => v.sku?.toLowerCase() === row.sku!.toLowerCase()) : undefined) ??
      now.find((v) => optionKey(v.optionValues) === optionKey(row.optionValues)) ??
      null;
  }
  const counts: ImportedCount[] = [];
  for (const row of plan.rows)
    for (const s of row.stock)
      if (
        row.match &&
        row.changes.some((c) => c.field.toLowerCase() === `stock: ${s.location.name}`.toLowerCase())
      )
        counts.push({
          variantId: row.match.id,
          locationId: s.location.id,
          onHand: s.onHand,
          field: ['changes', String(row.record.row), `Stock: ${s.location.name}`],
        });
  await setImportedCounts(trx, actor, counts, new Map(locations.map((l) => [l.id, l.name])));

  // Images: our own are already the product's (alt text may change); web addresses are fetched.
  const current = await reads.mediaOf(trx, [id]);
  for (const row of plan.rows) {
    if (!row.image) continue;
    const own = OWN_MEDIA.exec(row.image.src);
    if (own) {
      const m = current.find((x) => x.contentHash === own[1]!.toLowerCase());
      if (m && row.image.alt !== undefined && row.image.alt !== m.alt)
        await productMediaUpdate(trx, actor, m.id, row.image.alt);
      continue;
    }
    if (!/^https?:\/\//i.test(row.image.src)) continue;
    try {
      const fetched = await outboundFetch(row.image.src, {
        allow: deps.config.outboundAllow,
        maxBytes: MAX_MEDIA_BYTES,
      });
      const name = decodeURIComponent(new URL(fetched.url).pathname.split('/').pop() || 'image');
      const image = await inspectBytes(fetched.bytes, name, 0);
      if (current.some((m) => m.contentHash === image.hash)) continue;
      await store(mediaDir(deps.config), image);
      const added = await productMediaUpload(
        trx,
        actor,
        id,
        [{ image, filename: name }],
        row.image.alt ?? null,
      );
      current.push(...added);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      row.problems.push(
        problem(
          'Image Src',
          e.errors[0]?.code ?? 'INVALID',
          `The image was not added: ${e.errors.map((x) => x.message).join(' ')}`,
        ),
      );
    }
  }
}

/** Undoes an import's product: deleted again, unless something else changed it since (or it is on orders). */
async function revertCreation(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const id = event.subjectId;
  const [product] = id ? await productsByIds(trx, [id]) : [];
  if (!product)
    throw DomainError.one('INVALID_TRANSITION', 'This product has been deleted since the import.', ['id']);
  const variantIds = (await reads.variantsOf(trx, [product.id])).map((v) => v.id);
  const later = await reads.changedSinceByOthers(trx, event, variantIds);
  if (later)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${product.title} was changed since the import (${later.action.replace(/[._]/g, ' ')}${later.actorName ? ` by ${later.actorName}` : ''}), so it was kept.`,
      ['id'],
    );
  await productDelete(trx, actor, product.id);
}

/**
 * Undoes a count the import set: on hand back to what it was, by a new IMPORT movement, unless the
 * level moved since. Counts of products the same import made go with those products (nothing to do).
 */
async function revertCount(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const c = event.changes as Record<string, { before: unknown; after: unknown }>;
  if (c['reason']?.after !== 'IMPORT' || !event.subjectId) return;
  const [variant] = await reads.variantsByIds(trx, [event.subjectId]);
  if (!variant) return; // deleted with its product (by this revert, or since): its stock went with it
  if (await reads.createdByJob(trx, variant.productId, event.jobId)) return;
  const locationId = typeof c['location']?.after === 'string' ? c['location'].after : '';
  const [level] = (await reads.levelsOf(trx, [variant.id])).filter((l) => l.locationId === locationId);
  const before = Number(c['onHand']?.before);
  const after = Number(c['onHand']?.after);
  if (!level)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${variant.sku ?? variant.title} has no stock there any more.`,
      ['id'],
    );
  if (level.onHand !== after)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${variant.sku ?? variant.title} has ${level.onHand} on hand now, not the ${after} the import set: the stock moved since, so it was kept.`,
      ['id'],
    );
  const locations = await listLocations(trx);
  await setImportedCounts(
    trx,
    actor,
    [{ variantId: variant.id, locationId, onHand: before, field: ['id'] }],
    new Map(locations.map((l) => [l.id, l.name])),
  );
}
