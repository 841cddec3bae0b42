import { describe, expect, it } from 'vitest';
import { placeAddressValues } from '../../../components/forms/address-fields';
import { formMessages } from '../../../lib/forms/form-messages';
import { EMPTY_RATE, rateFormSchema } from './rate-form';
import { storeSchema, type StoreValues } from './store-form';
import { EMPTY_TAX_RATE } from './tax-rate-form';
import { taxRateSchema, shippingZoneSchema } from '@stockroom/domain';

const store: StoreValues = {
  name: 'Hopper & Co',
  contactEmail: '',
  currencyCode: 'USD',
  timezone: 'Pacific/Auckland',
  weightUnit: 'KG',
  orderNumberPrefix: '#',
  lowStockThreshold: 5,
  pricesIncludeTax: false,
  address: placeAddressValues(),
};

describe('settings forms', () => {
  it('names every wrong field of a rate at once, leaving empty optional amounts alone', async () => {
    expect(await formMessages(rateFormSchema('USD'), EMPTY_RATE)).toEqual({
      name: 'Enter a name.',
      price: 'Enter an amount like 19.99, with at most 2 decimals.',
    });
    expect(
      await formMessages(rateFormSchema('USD'), {
        ...EMPTY_RATE,
        name: 'Standard',
        price: '7.5.0',
        minSubtotal: '50',
        maxSubtotal: '20',
      }),
    ).toEqual({
      price: 'Enter an amount like 19.99, with at most 2 decimals.',
      maxSubtotal: 'The maximum must be at least the minimum.',
    });
  });

  it('checks amounts in the store currency', async () => {
    const yen = { ...EMPTY_RATE, name: 'Standard', price: '7.50' };
    expect(await formMessages(rateFormSchema('JPY'), yen)).toEqual({
      price: 'Enter a whole amount, like 20.',
    });
    expect(await formMessages(rateFormSchema('USD'), yen)).toEqual({});
  });

  it('checks the store and its address, each message under its input', async () => {
    expect(await formMessages(storeSchema, store)).toEqual({});
    expect(
      await formMessages(storeSchema, {
        ...store,
        name: ' ',
        contactEmail: 'nope',
        orderNumberPrefix: 'A B',
        lowStockThreshold: '',
        address: { ...store.address, postalCode: '9'.repeat(40) },
      }),
    ).toEqual({
      name: 'Enter a name.',
      contactEmail: 'Enter a valid email address, like name@example.com.',
      orderNumberPrefix: 'The prefix cannot contain spaces.',
      lowStockThreshold: 'Enter a whole number.',
      'address.postalCode': 'Use at most 32 characters.',
    });
  });

  it('asks for a country and a percentage of a tax rate, and for a zone’s countries', async () => {
    expect(await formMessages(taxRateSchema, { ...EMPTY_TAX_RATE, rate: '15.0001', name: 'GST' })).toEqual({
      countryCode: 'Choose a country from the list.',
      rate: 'Enter a percentage with at most 3 decimals, like 8.875.',
    });
    expect(await formMessages(shippingZoneSchema(), { name: '', countries: [] })).toEqual({
      name: 'Enter a name.',
      countries: 'Choose at least one country (or * for the rest of the world).',
    });
  });
});
