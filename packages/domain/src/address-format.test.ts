import { describe, expect, it } from 'vitest';
import { addressLines, addressOneLine } from './address-format.js';

describe('addresses laid out the way their country writes them', () => {
  it('writes a US address as "Cupertino, CA 95014"', () => {
    expect(
      addressLines({
        firstName: 'Tim',
        lastName: 'Apple',
        line1: '1 Infinite Loop',
        city: 'Cupertino',
        region: 'CA',
        postalCode: '95014',
        countryCode: 'US',
        phone: '+14085551234',
      }),
    ).toEqual(['Tim Apple', '1 Infinite Loop', 'Cupertino, CA 95014', 'United States', '+14085551234']);
  });

  it('puts the postcode on its own line in the UK and before the town in Germany', () => {
    expect(
      addressLines({ line1: '10 Downing St', city: 'London', postalCode: 'SW1A 2AA', countryCode: 'GB' }),
    ).toEqual(['10 Downing St', 'London', 'SW1A 2AA', 'United Kingdom']);
    expect(
      addressLines({ line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10115', countryCode: 'de' }),
    ).toEqual(['Unter den Linden 1', '10115 Berlin', 'Germany']);
  });

  it('copes with missing parts, an unlisted country and no address', () => {
    expect(addressLines({ line1: 'Main St 1', city: 'Oslo', countryCode: 'NO' })).toEqual([
      'Main St 1',
      'Oslo',
      'Norway',
    ]);
    expect(
      addressOneLine({
        line1: '5 Rue X',
        city: 'Paris',
        postalCode: '75001',
        countryCode: 'FR',
        phone: '+33',
      }),
    ).toBe('5 Rue X, 75001 Paris, France');
    expect(addressLines(null)).toEqual([]);
  });
});
