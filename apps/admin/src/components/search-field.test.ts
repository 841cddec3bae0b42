import { describe, expect, it } from 'vitest';
import { isHalfTyped } from './search-field';

describe('isHalfTyped', () => {
  it('waits for the rest of a term', () => {
    for (const text of ['vendor:"Acme', 'vendor:', 'price:<', 'scarf -', 'scarf OR', '(tag:a OR tag:b']) {
      expect(isHalfTyped(text), text).toBe(true);
    }
  });
  it('searches whole terms and words', () => {
    for (const text of [
      '',
      'scarves',
      'linen shi',
      'vendor:"Acme Knits"',
      'price:<20',
      '-tag:sale',
      '(a OR b)',
    ]) {
      expect(isHalfTyped(text), text).toBe(false);
    }
  });
});
