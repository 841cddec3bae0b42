import type { ProductFormValues } from './product-form-values';

/** Parts of the form taken whole: options and variant rows go together (rows follow the options). */
const PARTS: (keyof ProductFormValues)[][] = [
  ['title'],
  ['handle'],
  ['description'],
  ['status'],
  ['vendor'],
  ['productType'],
  ['categoryId'],
  ['tags'],
  ['seoTitle'],
  ['seoDescription'],
  ['options', 'variants'],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface MergedEdits {
  /** The form after loading their version: their changes, plus mine where they left a part alone. */
  merged: ProductFormValues;
  /** Mine on top of theirs (every part I changed): what "Use my values" applies. */
  mineOnTop: ProductFormValues;
  /** Parts both changed, differently (their value is in `merged`, mine in `mineOnTop`). */
  conflicts: (keyof ProductFormValues)[];
}

/**
 * Someone else saved while the person edits: a three-way merge of the version the person started
 * from (`base`), what they typed (`mine`) and the saved version (`theirs`), so reloading never drops
 * typed values and never undoes the other person's change to a part the person did not touch.
 */
export function mergeEdits(
  base: ProductFormValues,
  mine: ProductFormValues,
  theirs: ProductFormValues,
): MergedEdits {
  const merged = { ...theirs };
  const mineOnTop = { ...theirs };
  const conflicts: (keyof ProductFormValues)[] = [];
  for (const keys of PARTS) {
    const iChanged = keys.some((k) => !same(mine[k], base[k]));
    if (!iChanged) continue;
    const theyChanged = keys.some((k) => !same(theirs[k], base[k]));
    const differ = keys.some((k) => !same(theirs[k], mine[k]));
    for (const k of keys) Object.assign(mineOnTop, { [k]: mine[k] });
    if (!theyChanged) for (const k of keys) Object.assign(merged, { [k]: mine[k] });
    else if (differ) conflicts.push(...keys);
  }
  return { merged, mineOnTop, conflicts };
}
