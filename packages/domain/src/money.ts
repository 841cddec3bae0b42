/**
 * Money is an integer number of minor units in storage and a decimal string in the API
 * ("19.99" with its currency). Minor units stay below 2^53 (the SPEC maximum is 99,999,999.99).
 */
const DECIMALS: Record<string, number> = {
  BHD: 3, BIF: 0, CLP: 0, DJF: 0, GNF: 0, IQD: 3, ISK: 0, JOD: 3, JPY: 0, KMF: 0, KRW: 0, KWD: 3,
  LYD: 3, OMR: 3, PYG: 0, RWF: 0, TND: 3, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
};

export function currencyDecimals(currencyCode: string): number {
  return DECIMALS[currencyCode.toUpperCase()] ?? 2;
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

export function maxMinor(currencyCode: string): number {
  return parseMoney(MAX_MONEY_MAJOR.toFixed(2).replace(/\.?0+$/, ''), currencyCode) ?? 9_999_999_999;
}
