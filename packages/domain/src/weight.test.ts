import { describe, expect, it } from 'vitest';
import { gramsToUnitText, maxWeightInUnit, unitTextToGrams, weightUnitOf } from './weight.js';

describe('weights in the store’s unit, stored in grams', () => {
  it('shows grams in each unit without trailing zeros', () => {
    expect(gramsToUnitText(1500, 'KG')).toBe('1.5');
    expect(gramsToUnitText(1500, 'G')).toBe('1500');
    expect(gramsToUnitText(454, 'LB')).toBe('1.001');
    expect(gramsToUnitText(340, 'OZ')).toBe('11.99');
    expect(gramsToUnitText(0, 'KG')).toBe('0');
    expect(gramsToUnitText(null, 'KG')).toBe('');
  });

  it('reads what was typed into whole grams, rounding to the nearest gram', () => {
    expect(unitTextToGrams('1.5', 'KG')).toBe(1500);
    expect(unitTextToGrams('1,5', 'KG')).toBe(1500);
    expect(unitTextToGrams('1', 'LB')).toBe(454);
    expect(unitTextToGrams('12', 'OZ')).toBe(340);
    expect(unitTextToGrams(' ', 'KG')).toBeNull();
    expect(unitTextToGrams('heavy', 'KG')).toBeNaN();
    expect(unitTextToGrams('-2', 'G')).toBe(-2);
  });

  it('round-trips every gram in every unit that shows grams', () => {
    for (const unit of ['G', 'KG', 'LB', 'OZ'] as const)
      for (let grams = 0; grams < 3000; grams += 7)
        expect(unitTextToGrams(gramsToUnitText(grams, unit), unit)).toBe(grams);
  });

  it('names the limit in the unit and falls back to grams for an unknown unit', () => {
    expect(maxWeightInUnit('KG')).toBe('1,000 kg');
    expect(maxWeightInUnit('G')).toBe('1,000,000 g');
    expect(weightUnitOf('kg')).toBe('KG');
    expect(weightUnitOf('stone')).toBe('G');
  });
});
