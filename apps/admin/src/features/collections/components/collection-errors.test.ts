import { describe, expect, it } from 'vitest';
import { sortErrors } from './collection-errors';

describe('sortErrors', () => {
  it('puts each userError next to its field or rule, and the rest above the form', () => {
    const sorted = sortErrors([
      { field: ['input', 'title'], message: 'Enter a title.', code: 'REQUIRED' },
      {
        field: ['input', 'rules', '1', 'relation'],
        message: '"tag" can be: equals, contains.',
        code: 'INVALID',
      },
      { field: ['input', 'rules', '1', 'value'], message: 'Enter a value.', code: 'REQUIRED' },
      { field: ['input', 'handle'], message: 'This handle is already used.', code: 'TAKEN' },
      {
        field: ['input', 'version'],
        message: 'Someone else changed this collection.',
        code: 'STALE_VERSION',
      },
      { field: null, message: 'Something about it all.', code: 'INVALID' },
    ]);
    expect(sorted.fields).toEqual({ title: 'Enter a title.', handle: 'This handle is already used.' });
    expect(sorted.rules).toEqual({
      1: { relation: '"tag" can be: equals, contains.', value: 'Enter a value.' },
    });
    expect(sorted.form).toEqual(['Someone else changed this collection.', 'Something about it all.']);
  });
});
