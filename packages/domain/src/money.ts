/**
 * Money is an integer number of minor units in storage and a decimal string in the API
 * ("19.99" with its currency). Minor units stay below 2^53 (the SPEC maximum is 99,999,999.99).
 * All arithmetic on amounts goes through these functions.
 */

const decimalsCache = new Map<string, number>();

/** Minor-unit digits of a currency, from the platform's ISO 4217 data (2 for codes it does not know). */
export function currencyDecimals(currencyCode: string): number {
  const code = currencyCode.toUpperCase();
  let decimals = decimalsCache.get(code);
  if (decimals === undefined) {
    try {
      decimals =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    decimalsCache.set(code, decimals);
  }
  return decimals;
}

export const MAX_MONEY_MAJOR = 99_999_999.99;

/** "19.99" → 1999 for USD; null when it is not a plain non-negative decimal with at most the currency's decimals. */
export function parseMoney(value: string, currencyCode: string): number | null {
  const decimals = currencyDecimals(currencyCode);
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(m[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

/** 1999 → "19.99" for USD. */
export function formatMinor(minor: number, currencyCode: string): string {
  const decimals = currencyDecimals(currencyCode);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  if (decimals === 0) return `${negative ? '-' : ''}${abs}`;
  const s = String(abs).padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

/** The largest amount in minor units (99,999,999.99 in a two-decimal currency). */
export function maxMinor(currencyCode: string): number {
  return parseMoney(MAX_MONEY_MAJOR.toFixed(2).replace(/\.?0+$/, ''), currencyCode) ?? 9_999_999_999;
}

function assertMinor(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an amount in minor units: ${value}`);
}

/** The sum of amounts in minor units (exact: integers only). */
export function addMinor(...amounts: number[]): number {
  let total = 0;
  for (const a of amounts) {
    assertMinor(a);
    total += a;
  }
  assertMinor(total);
  return total;
}

/** amount × rate (a decimal string or number such as "8.875" percent) rounded half away from zero to the minor unit. */
export function percentOf(amount: number, percent: string | number): number {
  assertMinor(amount);
  const [whole = '0', fraction = ''] = String(percent).split('.');
  const scale = 10 ** fraction.length;
  const rateScaled = Number(whole) * scale + Number(fraction || '0');
  // amount × rateScaled / (100 × scale), rounded half away from zero, in integers.
  const numerator = amount * rateScaled;
  const denominator = 100 * scale;
  const q = Math.trunc(numerator / denominator);
  const r = numerator - q * denominator;
  return Math.abs(r) * 2 >= denominator ? q + Math.sign(numerator) : q;
}

/**
 * Splits `total` minor units across parts in proportion to their weights: each part gets the floor
 * of its share, and what rounding left over goes to the part with the largest weight (the first of
 * equals). The parts always add up to `total` exactly; no part goes below zero for a non-negative
 * total. All weights zero: everything goes to the first part.
 */
export function allocateMinor(total: number, weights: readonly number[]): number[] {
  assertMinor(total);
  if (weights.length === 0) return [];
  if (weights.some((w) => !Number.isFinite(w) || w < 0))
    throw new RangeError('Weights must be zero or more.');
  const sum = weights.reduce((a, b) => a + b, 0);
  let largest = 0;
  weights.forEach((w, i) => {
    if (w > weights[largest]!) largest = i;
  });
  if (sum === 0) return weights.map((_w, i) => (i === 0 ? total : 0));
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - parts.reduce((a, b) => a + b, 0);
  parts[largest]! += rest;
  return parts;
}
