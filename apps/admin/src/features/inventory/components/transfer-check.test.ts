import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { transferSchema, type TransferValues } from './stock-schemas';

const check = (values: TransferValues, available: number) =>
  formMessages(transferSchema(available, 'Main warehouse'), values);

describe('checking a transfer before it is sent', () => {
  it('names every missing or wrong field at once', async () => {
    expect(await check({ toLocationId: '', quantity: '', note: 'x'.repeat(1001) }, 7)).toEqual({
      toLocationId: 'Choose where the stock goes.',
      quantity: 'Enter a quantity of at least 1.',
      note: 'Use at most 1,000 characters.',
    });
  });

  it('refuses fractions, zero and more than is available, saying how many are', async () => {
    const to = { toLocationId: 'gid-loc', note: '' };
    expect(await check({ ...to, quantity: 2.5 }, 7)).toEqual({ quantity: 'Enter whole units, like 5.' });
    expect(await check({ ...to, quantity: 0 }, 7)).toEqual({ quantity: 'Enter a quantity of at least 1.' });
    expect(await check({ ...to, quantity: 8 }, 7)).toEqual({
      quantity: 'Only 7 available at Main warehouse.',
    });
    expect(await check({ ...to, quantity: 7 }, 7)).toEqual({});
  });
});
