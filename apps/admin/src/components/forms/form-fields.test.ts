import { describe, expect, it } from 'vitest';
import { firstFieldError } from './form-fields';

describe('firstFieldError', () => {
  it('reads the message set on the input itself', () => {
    expect(firstFieldError({ type: 'too_small', message: 'Enter at least one tag.' })?.message).toBe(
      'Enter at least one tag.',
    );
  });

  it('falls back to the first per-item message of a list input (tags.<i>)', () => {
    // As react-hook-form holds zod's issue at ["tags", 2]: a sparse array of item errors.
    const error = [undefined, undefined, { type: 'too_big', message: 'Use at most 255 characters per tag.' }];
    expect(firstFieldError(error)?.message).toBe('Use at most 255 characters per tag.');
  });

  it('says nothing when there is no error', () => {
    expect(firstFieldError(undefined)).toBeUndefined();
    expect(firstFieldError([undefined])).toBeUndefined();
  });
});
