import { describe, expect, it } from 'vitest';
import { parseQuantity, signed } from './stock-terms';

describe('stock quantities', () => {
  it('reads whole numbers, with a plain or typographic minus', () => {
    expect(parseQuantity(' 15 ')).toEqual({ value: 15 });
    expect(parseQuantity('-2')).toEqual({ value: -2 });
    expect(parseQuantity('−2')).toEqual({ value: -2 });
  });

  it('explains what is wrong with anything else', () => {
    expect(parseQuantity('')).toEqual({ error: 'Enter a number.' });
    expect(parseQuantity('1.5')).toEqual({ error: 'Enter a whole number, like 12.' });
    expect(parseQuantity('ten')).toEqual({ error: 'Enter a whole number, like 12.' });
    expect(parseQuantity('2000000000')).toEqual({
      error: 'Enter a number between −1,000,000,000 and 1,000,000,000.',
    });
  });

  it('shows changes with their sign', () => {
    expect(signed(3)).toBe('+3');
    expect(signed(-2)).toBe('−2');
    expect(signed(0)).toBe('0');
  });
});
