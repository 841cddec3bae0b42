/**
 * Invoice and credit-note numbers (issue #33): a format such as `INV-{YYYY}-{NNNNNN}` gives
 * `INV-2026-000123` for the 123rd number of 2026. `{YYYY}` is the calendar year in the store's
 * time zone (each year is its own gapless series, so it must be in the number or numbers would
 * repeat), and one run of N's in braces is the number, padded with zeros to that width (a number
 * wider than the padding is written in full). Anything else is copied as written.
 */

export const NUMBER_FORMAT_MAX = 40;
const YEAR = '{YYYY}';
const SEQUENCE = /\{(N{1,12})\}/g;
const LITERAL = /^[A-Za-z0-9 ._/#-]*$/;

/** Why a format can't number documents, in words; null when it can. */
export function numberFormatProblem(format: string): string | null {
  if (!format.trim()) return 'Enter a number format, like INV-{YYYY}-{NNNNNN}.';
  if (format.length > NUMBER_FORMAT_MAX) return `Use at most ${NUMBER_FORMAT_MAX} characters.`;
  if (format.split(YEAR).length !== 2)
    return 'Put {YYYY} in the format once: each calendar year starts its own series.';
  const runs = format.match(SEQUENCE) ?? [];
  if (runs.length !== 1) return 'Put the number in the format once, as {NNNNNN} (one N per digit).';
  const literal = format.replace(YEAR, '').replace(SEQUENCE, '');
  if (!LITERAL.test(literal)) return 'Use letters, digits, spaces and . _ / # - around {YYYY} and {NNNNNN}.';
  return null;
}

/** The document number `sequence` of `year` in `format` (a format numberFormatProblem accepts). */
export function formatDocumentNumber(format: string, year: number, sequence: number): string {
  return format
    .replace(YEAR, String(year))
    .replace(SEQUENCE, (_, ns: string) => String(sequence).padStart(ns.length, '0'));
}

/** The largest logo kept: it is drawn small, and every document carries it. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LEGAL_NAME_MAX = 200;
export const TAX_ID_MAX = 50;
export const FOOTER_NOTE_MAX = 500;
