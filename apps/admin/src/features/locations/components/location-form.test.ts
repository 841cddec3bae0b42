import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { EMPTY_LOCATION, locationInput, locationSchema } from './location-form';

describe('location form', () => {
  it('needs a name; every part of the address is optional but has a length', async () => {
    expect(await formMessages(locationSchema, EMPTY_LOCATION)).toEqual({ name: 'Enter a name.' });
    expect(
      await formMessages(locationSchema, {
        name: 'Overflow unit',
        address: { ...EMPTY_LOCATION.address, postalCode: '9'.repeat(40) },
      }),
    ).toEqual({ 'address.postalCode': 'Use at most 32 characters.' });
  });

  it('sends empty parts of the address as null and the country code in capitals', () => {
    expect(
      locationInput({
        name: ' Overflow ',
        address: { ...EMPTY_LOCATION.address, countryCode: 'us', city: ' Oslo ' },
      }),
    ).toEqual({
      name: 'Overflow',
      address: {
        company: null,
        line1: null,
        line2: null,
        city: 'Oslo',
        region: null,
        postalCode: null,
        countryCode: 'US',
        phone: null,
      },
    });
  });
});
