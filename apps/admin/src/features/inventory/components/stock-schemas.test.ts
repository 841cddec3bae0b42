import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { adjustSchema, countSchema } from './stock-schemas';

describe('counting and adjusting stock', () => {
  it('takes a count as a whole number within the on-hand limits', async () => {
    expect(await formMessages(countSchema, { onHand: '−2', reason: 'CORRECTION' })).toEqual({});
    expect(await formMessages(countSchema, { onHand: '', reason: 'CORRECTION' })).toEqual({
      onHand: 'Enter a number.',
    });
    expect(await formMessages(countSchema, { onHand: '1.5', reason: 'LOST' })).toEqual({
      onHand: 'Enter a whole number, like 12.',
      reason: 'Choose a reason.',
    });
    expect(await formMessages(countSchema, { onHand: '2000000000', reason: 'RECEIVED' })).toEqual({
      onHand: 'Enter a number between −1,000,000,000 and 1,000,000,000.',
    });
  });

  it('needs a change other than 0 for every selected level', async () => {
    expect(await formMessages(adjustSchema, { delta: '5', reason: 'RECEIVED' })).toEqual({});
    expect(await formMessages(adjustSchema, { delta: '0', reason: 'RECEIVED' })).toEqual({
      delta: 'Enter a change other than 0, like 5 or -2.',
    });
    expect(await formMessages(adjustSchema, { delta: 'abc', reason: 'DAMAGED' })).toEqual({
      delta: 'Enter a whole number, like 12.',
    });
  });
});
