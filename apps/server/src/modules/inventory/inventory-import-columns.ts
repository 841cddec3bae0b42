import { ADJUSTMENT_REASONS } from '@stockroom/domain';
import type { ImportRowProblem } from '../jobs/import.model.js';

/* The inventory import's columns (issue #29) and the header's checks. */

export type Field = 'handle' | 'o1' | 'o2' | 'o3' | 'sku' | 'location' | 'onHand' | 'delta' | 'reason';

export interface Column {
  name: string;
  field: Field | null;
  description: string;
}

export const COLUMNS: Column[] = [
  {
    name: 'SKU',
    field: 'sku',
    description: 'Finds the variant (case-insensitive). Without it, Handle and the option values do.',
  },
  {
    name: 'Handle',
    field: 'handle',
    description: "The product's handle, to find a variant that has no SKU.",
  },
  { name: 'Title', field: null, description: "The product's title: written by the export, ignored." },
  { name: 'Option1 Value', field: 'o1', description: "The variant's first option value (with Handle)." },
  { name: 'Option2 Value', field: 'o2', description: "The variant's second option value (with Handle)." },
  { name: 'Option3 Value', field: 'o3', description: "The variant's third option value (with Handle)." },
  { name: 'Location', field: 'location', description: "The location's name, as on the Locations page." },
  {
    name: 'On hand',
    field: 'onHand',
    description: 'The count to set, a whole number. Give it or Delta on each row, not both.',
  },
  {
    name: 'Delta',
    field: 'delta',
    description: 'Units to add (+5) or take away (-3), instead of On hand.',
  },
  {
    name: 'Reason',
    field: 'reason',
    description: `Why the stock changes: ${ADJUSTMENT_REASONS.map((r) => r.toLowerCase()).join(', ')}. Empty: correction.`,
  },
  { name: 'Committed', field: null, description: 'Reserved by open orders: written by the export, ignored.' },
  { name: 'Available', field: null, description: 'On hand less committed: written by the export, ignored.' },
];
export const byName = new Map(COLUMNS.map((c) => [c.name.toLowerCase(), c]));

export function headerOf(headers: readonly string[]): Map<Field, string> {
  const map = new Map<Field, string>();
  for (const h of headers) {
    const c = byName.get(h.trim().toLowerCase());
    if (c?.field && !map.has(c.field)) map.set(c.field, h);
  }
  return map;
}

export function headerProblems(headers: readonly string[]): ImportRowProblem[] {
  const problems: ImportRowProblem[] = [];
  const seen = new Set<Column>();
  for (const h of headers) {
    const c = byName.get(h.trim().toLowerCase());
    if (!c)
      problems.push({
        column: h,
        code: 'INVALID',
        message: `“${h}” is not a column of an inventory import. Rename it to one of the columns listed, or remove it.`,
      });
    else if (seen.has(c))
      problems.push({ column: h, code: 'INVALID', message: `The column “${h}” appears twice; keep one.` });
    else seen.add(c);
  }
  const has = headerOf(headers);
  if (!has.has('location'))
    problems.push({ column: 'Location', code: 'REQUIRED', message: 'The file needs a Location column.' });
  if (!has.has('sku') && !has.has('handle'))
    problems.push({
      column: 'SKU',
      code: 'REQUIRED',
      message:
        'The file needs a SKU column, or a Handle column with the option values, to find each variant.',
    });
  if (!has.has('onHand') && !has.has('delta'))
    problems.push({
      column: 'On hand',
      code: 'REQUIRED',
      message:
        'The file needs an On hand column (the count to set) or a Delta column (units to add or take away).',
    });
  return problems;
}

/** The export guards a text starting with = + - @ as a formula by a leading `'`: exactly that comes off. */
export function unguard(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A row read, matched and checked. */
