import { CATALOG_LIMITS } from './catalog.js';

/** The store's weight unit (Settings); weights are stored in whole grams whatever it is. */
export type WeightUnit = 'G' | 'KG' | 'LB' | 'OZ';

const GRAMS: Record<WeightUnit, number> = { G: 1, KG: 1000, LB: 453.59237, OZ: 28.349523125 };
/** Decimals a weight is shown with: enough that one gram more or less shows (0.001 kg, 0.01 lb …). */
const DECIMALS: Record<WeightUnit, number> = { G: 0, KG: 3, LB: 3, OZ: 2 };
const SYMBOL: Record<WeightUnit, string> = { G: 'g', KG: 'kg', LB: 'lb', OZ: 'oz' };

export function weightUnitOf(unit: string | null | undefined): WeightUnit {
  const upper = (unit ?? '').toUpperCase();
  return upper in GRAMS ? (upper as WeightUnit) : 'G';
}

export function weightSymbol(unit: WeightUnit): string {
  return SYMBOL[unit];
}

/** Grams as the number a person reads in the unit: 1500 g → "1.5" (kg); no trailing zeros. */
export function gramsToUnitText(grams: number | null | undefined, unit: WeightUnit): string {
  if (grams === null || grams === undefined) return '';
  const value = (grams / GRAMS[unit]).toFixed(DECIMALS[unit]);
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** What was typed in the unit, in whole grams: null when empty, NaN when it is not a number. */
export function unitTextToGrams(text: string, unit: WeightUnit): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * GRAMS[unit]);
}

/** The heaviest weight a variant may have, in the unit, for messages: "1,000 kg". */
export function maxWeightInUnit(unit: WeightUnit): string {
  const max = Number(gramsToUnitText(CATALOG_LIMITS.weightGrams, unit));
  return `${max.toLocaleString('en-US', { maximumFractionDigits: DECIMALS[unit] })} ${SYMBOL[unit]}`;
}
