import {
  formatMinor,
  productSchema,
  validate,
  type ProductInput,
  type ValidationResult,
} from '@stockroom/domain';
import type { Media, Product, Variant } from '../catalog/catalog.model.js';
import { inputFromProduct } from '../catalog/product-values.js';
import { keepUnsaid } from '../catalog/product-variants.service.js';
import type { CsvRecord } from '../jobs/import.model.js';
import type { InventoryLevel } from './inventory.model.js';
import { DELETE_COLUMN } from './product-import-columns.js';
import { describeChanges } from './product-import-changes.js';
import {
  FALSE_WORDS,
  optionKey,
  placeErrors,
  problem,
  TRUE_WORDS,
  WEIGHT_UNITS,
  type GroupPlan,
  type RowPlan,
  type Sheet,
} from './product-import-sheet.js';

/**
 * One product's rows checked whole (issue #29): its fields, options and variants read from the
 * file and validated by the catalog's own rules (productSchema, as the forms send it), each variant
 * matched to a stored one (by SKU, else by option values), and what each row changes.
 */

export interface PlanInput {
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

export function planGroup(p: PlanInput): GroupPlan {
  const { sheet, group, product, currency } = p;
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
    valid: null,
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
  // A value written in another case is the option's value as stored (matching ignores case).
  const canonical = options ?? product?.options ?? [];
  for (const f of fileVariants) {
    f.row.optionValues = f.row.optionValues.map(
      (v, j) => canonical[j]?.values.find((x) => x.toLowerCase() === v.toLowerCase()) ?? v,
    );
    if ('optionValues' in f.values) f.values['optionValues'] = f.row.optionValues;
  }

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

  plan.valid = validated.value;
  const productChanged = describeChanges(p, plan, validated.value);
  plan.input = !product ? raw : productChanged ? { ...raw, version: product.version } : null;
  return plan;
}
