import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { cancelSchema, captureSchema, markPaidSchema, minorOf, refundableMinor } from './payment-forms';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

describe('refundableMinor', () => {
  it('is what was paid and not yet refunded, never below 0', () => {
    expect(refundableMinor({ totalPaid: usd('30.00'), totalRefunded: usd('12.50') })).toBe(1750);
    expect(refundableMinor({ totalPaid: usd('0.00'), totalRefunded: usd('0.00') })).toBe(0);
    expect(refundableMinor({ totalPaid: usd('5.00'), totalRefunded: usd('9.00') })).toBe(0);
  });

  it('reads amounts in currencies without minor units', () => {
    expect(minorOf({ amount: '1200', currencyCode: 'JPY' })).toBe(1200);
  });
});

describe('captureSchema', () => {
  const schema = captureSchema('USD', 2500);

  it('accepts up to what is still authorized', async () => {
    expect(await formMessages(schema, { amount: '25.00' })).toEqual({});
    expect(await formMessages(schema, { amount: ' 10 ' })).toEqual({});
  });

  it('says what is wrong with the amount', async () => {
    expect(await formMessages(schema, { amount: '' })).toEqual({ amount: 'Enter the amount to capture.' });
    expect(await formMessages(schema, { amount: '10.001' })).toEqual({
      amount: 'Enter an amount like 25.00.',
    });
    expect(await formMessages(schema, { amount: '-1' })).toEqual({ amount: 'Enter an amount like 25.00.' });
    expect(await formMessages(schema, { amount: '0' })).toEqual({ amount: 'Capture more than 0.' });
    expect(await formMessages(schema, { amount: '25.01' })).toEqual({
      amount: 'At most 25.00 is still authorized.',
    });
  });
});

describe('markPaidSchema and cancelSchema', () => {
  it('limit the reference and the reason as the server does', async () => {
    expect(await formMessages(markPaidSchema, { reference: '' })).toEqual({});
    expect(await formMessages(markPaidSchema, { reference: 'x'.repeat(256) })).toEqual({
      reference: 'Use at most 255 characters.',
    });
    expect(await formMessages(cancelSchema, { reason: 'x'.repeat(500), refund: true })).toEqual({});
    expect(await formMessages(cancelSchema, { reason: 'x'.repeat(501), refund: false })).toEqual({
      reason: 'Use at most 500 characters.',
    });
  });
});
