import { describe, expect, it } from 'vitest';
import { addressSchema } from './customers.js';
import { validate } from './validation.js';

describe('addressSchema', () => {
  it('says in plain words what a missing street, city or country needs, not "expected string"', () => {
    const result = validate(addressSchema, { line1: null, city: undefined, countryCode: null }, ['address']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [(e.field ?? []).join('.'), e.code, e.message])).toEqual([
      ['address.line1', 'REQUIRED', 'Enter the street address.'],
      ['address.city', 'REQUIRED', 'Enter the city.'],
      ['address.countryCode', 'REQUIRED', 'Choose a country.'],
    ]);
  });

  it('keeps its other messages', () => {
    const result = validate(addressSchema, { line1: ' ', city: 'Paris', countryCode: 'XX' }, ['address']);
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      'Enter the street address.',
      'Choose a country from the list.',
    ]);
  });
});
