import { describe, expect, it } from 'vitest';
import { formatDocumentNumber, numberFormatProblem } from './documents.js';

describe('document number formats', () => {
  it('writes the year and the padded number', () => {
    expect(formatDocumentNumber('INV-{YYYY}-{NNNNNN}', 2026, 123)).toBe('INV-2026-000123');
    expect(formatDocumentNumber('{YYYY}/{NNN}', 2027, 4)).toBe('2027/004');
    expect(formatDocumentNumber('CN {YYYY} #{NN}', 2026, 1234)).toBe('CN 2026 #1234');
  });

  it('accepts the defaults and refuses formats that could repeat or be ambiguous', () => {
    expect(numberFormatProblem('INV-{YYYY}-{NNNNNN}')).toBeNull();
    expect(numberFormatProblem('CN-{YYYY}-{NNNNNN}')).toBeNull();
    expect(numberFormatProblem('')).toMatch(/Enter a number format/);
    expect(numberFormatProblem('INV-{NNNNNN}')).toMatch(/\{YYYY\}/);
    expect(numberFormatProblem('INV-{YYYY}-{YYYY}-{NNN}')).toMatch(/\{YYYY\}/);
    expect(numberFormatProblem('INV-{YYYY}')).toMatch(/number in the format once/);
    expect(numberFormatProblem('{YYYY}-{NN}-{NN}')).toMatch(/number in the format once/);
    expect(numberFormatProblem('INV<{YYYY}>{NNN}')).toMatch(/letters, digits/);
    expect(numberFormatProblem(`${'X'.repeat(40)}{YYYY}{NNN}`)).toMatch(/at most 40/);
  });
});
