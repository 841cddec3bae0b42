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

export interface MergedEdits<V = ProductFormValues> {
  /** The form after loading their version: their changes, plus mine where they left a part alone. */
  merged: V;
  /** Mine on top of theirs (every part I changed): what "Use my values" applies. */
  mineOnTop: V;
  /** Parts both changed, differently (their value is in `merged`, mine in `mineOnTop`). */
  conflicts: (keyof V)[];
}

/**
 * Someone else saved while the person edits: a three-way merge of the version the person started
 * from (`base`), what they typed (`mine`) and the saved version (`theirs`), part by part (a part is
 * taken whole), so reloading never drops typed values and never undoes the other person's change to
 * a part the person did not touch.
 */
export function mergeParts<V extends object>(
  base: V,
  mine: V,
  theirs: V,
  parts: readonly (readonly (keyof V)[])[],
): MergedEdits<V> {
  const merged = { ...theirs };
  const mineOnTop = { ...theirs };
  const conflicts: (keyof V)[] = [];
  for (const keys of parts) {
    const iChanged = keys.some((k) => !same(mine[k], base[k]));
    if (!iChanged) continue;
    const theyChanged = keys.some((k) => !same(theirs[k], base[k]));
    const differ = keys.some((k) => !same(theirs[k], mine[k]));
    for (const k of keys) mineOnTop[k] = mine[k];
    if (!theyChanged) for (const k of keys) merged[k] = mine[k];
    else if (differ) conflicts.push(...keys);
  }
  return { merged, mineOnTop, conflicts };
}

/** The product form's merge (options and variant rows go together). */
export function mergeEdits(
  base: ProductFormValues,
  mine: ProductFormValues,
  theirs: ProductFormValues,
): MergedEdits {
  return mergeParts(base, mine, theirs, PARTS);
}
