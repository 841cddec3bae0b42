import { describe, expect, it } from 'vitest';
import { csvCell } from './audit-export.js';

describe('audit CSV cells', () => {
  it('quotes what would break a line, and keeps spreadsheets from running formulas', () => {
    expect(csvCell('Wool Hat')).toBe('Wool Hat');
    expect(csvCell('Hat, wool')).toBe('"Hat, wool"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(null)).toBe('');
    expect(csvCell(1999)).toBe('1999');
    expect(csvCell(['gift', 'sale'])).toBe('"[""gift"",""sale""]"');
  });
});
