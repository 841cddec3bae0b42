import { describe, expect, it } from 'vitest';
import { checkTransfer } from './transfer-dialog';

describe('checking a transfer before it is sent', () => {
  it('names every missing or wrong field at once', () => {
    expect(
      checkTransfer({ toLocationId: '', quantity: '', note: 'x'.repeat(1001) }, 7, 'Main warehouse'),
    ).toEqual({
      toLocationId: 'Choose where the stock goes.',
      quantity: 'Enter a quantity of at least 1.',
      note: 'Use at most 1,000 characters.',
    });
  });

  it('refuses fractions, zero and more than is available, saying how many are', () => {
    const to = { toLocationId: 'gid-loc', note: '' };
    expect(checkTransfer({ ...to, quantity: 2.5 }, 7, 'Main warehouse').quantity).toBe(
      'Enter whole units, like 5.',
    );
    expect(checkTransfer({ ...to, quantity: 0 }, 7, 'Main warehouse').quantity).toBe(
      'Enter a quantity of at least 1.',
    );
    expect(checkTransfer({ ...to, quantity: 8 }, 7, 'Main warehouse').quantity).toBe(
      'Only 7 available at Main warehouse.',
    );
    expect(checkTransfer({ ...to, quantity: 7 }, 7, 'Main warehouse')).toEqual({});
  });
});
