import { addressSchema } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personAddressValues } from '../../../components/forms/address-fields';
import { formMessages } from '../../../lib/forms/form-messages';
import { EMPTY_CONTACT, newCustomerSchema } from './contact-fields';

describe('customer forms', () => {
  it('reports every missing field of the contact and of each address at once', async () => {
    const values = {
      ...EMPTY_CONTACT,
      email: 'ada@example.com',
      phone: '12',
      addresses: [
        personAddressValues(),
        { ...personAddressValues(), line1: '1 Rue de Rivoli', city: 'Paris', countryCode: 'FR' },
      ],
    };
    expect(await formMessages(newCustomerSchema, values)).toEqual({
      phone: 'Enter the number with its country code, like +1 555 010 0199.',
      'addresses.0.line1': 'Enter the street address.',
      'addresses.0.city': 'Enter the city.',
      'addresses.0.countryCode': 'Choose a country from the list.',
      'addresses.1.postalCode': 'Enter the postal code.',
    });
  });

  it('needs no postal code where the country has none', async () => {
    const address = {
      ...personAddressValues(),
      line1: '1 Harbour Road',
      city: 'Hong Kong',
      countryCode: 'HK',
    };
    expect(await formMessages(z.object({ address: addressSchema }), { address })).toEqual({});
  });
});
