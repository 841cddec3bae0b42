import { describe, expect, it } from 'vitest';
import { placeAddressValues } from '../../../components/forms/address-fields';
import { formMessages } from '../../../lib/forms/form-messages';
import { documentInput, documentSchema, type DocumentValues } from './document-settings-form';

const values: DocumentValues = {
  legalName: '',
  taxId: '',
  useStoreAddress: true,
  address: placeAddressValues(),
  invoiceNumberFormat: 'INV-{YYYY}-{NNNNNN}',
  creditNoteNumberFormat: 'CN-{YYYY}-{NNNNNN}',
  paperSize: 'A4',
  packingSlipLayout: 'PAGE',
  hidePricesOnPackingSlips: false,
  footerNote: '',
};

describe('document settings form', () => {
  it('says what is wrong with a number format as it is typed', async () => {
    expect(await formMessages(documentSchema, values)).toEqual({});
    expect(
      await formMessages(documentSchema, {
        ...values,
        invoiceNumberFormat: 'INV-{NNNN}',
        creditNoteNumberFormat: 'CN-{YYYY}',
      }),
    ).toEqual({
      invoiceNumberFormat: 'Put {YYYY} in the format once: each calendar year starts its own series.',
      creditNoteNumberFormat: 'Put the number in the format once, as {NNNNNN} (one N per digit).',
    });
    expect(
      await formMessages(documentSchema, { ...values, creditNoteNumberFormat: 'INV-{YYYY}-{NNNNNN}' }),
    ).toEqual({
      creditNoteNumberFormat:
        'Credit notes need a format of their own, so their numbers never look like an invoice’s.',
    });
  });

  it("sends no address while documents print the store's, and the typed one otherwise", () => {
    const typed = { ...values, address: { ...placeAddressValues(), line1: 'Storgata 1', city: 'Oslo' } };
    expect(documentInput(typed).address).toBeNull();
    expect(documentInput({ ...typed, useStoreAddress: false }).address).toMatchObject({
      line1: 'Storgata 1',
      city: 'Oslo',
      countryCode: null,
    });
    expect(documentInput({ ...values, useStoreAddress: false }).address).toBeNull();
  });
});
