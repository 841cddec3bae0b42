import { describe, expect, it } from 'vitest';
import { addressLines, addressName, items } from './order-words';

describe('addressLines', () => {
  it('writes an address as a label, leaving out empty parts', () => {
    expect(
      addressLines({
        firstName: 'Jane',
        lastName: 'Cooper',
        company: null,
        line1: '4517 Washington Ave',
        line2: '',
        city: 'Manchester',
        region: 'KY',
        postalCode: '39495',
        countryCode: 'US',
        countryName: 'United States',
        phone: '+15550100199',
      }),
    ).toEqual([
      'Jane Cooper',
      '4517 Washington Ave',
      'Manchester, KY 39495',
      'United States',
      '+15550100199',
    ]);
  });

  it('copes with a city alone, a country known only by its code, and no address', () => {
    expect(addressLines({ line1: 'Main St 1', city: 'Oslo', countryCode: 'NO' })).toEqual([
      'Main St 1',
      'Oslo',
      'Norway',
    ]);
    expect(addressLines({ postalCode: '0150', countryName: 'Norway' })).toEqual(['0150', 'Norway']);
    expect(addressLines(null)).toEqual([]);
  });
});

describe('addressName and items', () => {
  it('says names and counts in plain words', () => {
    expect(addressName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(addressName({})).toBeNull();
    expect(items(1)).toBe('1 item');
    expect(items(0)).toBe('0 items');
    expect(items(1200)).toBe(`${(1200).toLocaleString()} items`);
  });
});
