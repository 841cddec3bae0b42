import { describe, expect, it } from 'vitest';
import { fieldOf, placeUserErrors } from './place-user-errors';

const customer = {
  email: '',
  tags: ['vip'],
  addresses: [
    { line1: '', city: '', postalCode: '' },
    { line1: '', city: '', postalCode: '' },
  ],
};

describe('fieldOf', () => {
  it('follows a path to the one input it names', () => {
    expect(fieldOf(customer, ['email'])).toBe('email');
    expect(fieldOf(customer, ['addresses', '1', 'postalCode'])).toBe('addresses.1.postalCode');
    // A list of plain values is one input, whichever item the message is about.
    expect(fieldOf(customer, ['tags', '3'])).toBe('tags');
  });

  it('finds nothing for fields the form lacks, or for a whole group', () => {
    expect(fieldOf(customer, ['version'])).toBeNull();
    expect(fieldOf(customer, ['addresses', '2', 'city'])).toBeNull();
    expect(fieldOf(customer, ['addresses', '0'])).toBeNull();
    expect(fieldOf(customer, [])).toBeNull();
    expect(fieldOf(customer, ['toString'])).toBeNull();
  });
});

describe('placeUserErrors', () => {
  it('puts each server error under its field, addresses by their index, the first per field', () => {
    const placed = placeUserErrors(
      customer,
      [
        { field: ['input', 'email'], message: 'This email is taken.', code: 'TAKEN', relatedId: 'gid-1' },
        { field: ['input', 'email'], message: 'Second message.', code: 'INVALID' },
        {
          field: ['input', 'addresses', '1', 'postalCode'],
          message: 'Enter the postal code.',
          code: 'REQUIRED',
        },
        { field: ['input', 'addresses', '1', 'city'], message: 'Enter the city.', code: 'REQUIRED' },
      ],
      ['input'],
    );
    expect(Object.fromEntries([...placed.fields].map(([path, e]) => [path, e.message]))).toEqual({
      email: 'This email is taken.',
      'addresses.1.postalCode': 'Enter the postal code.',
      'addresses.1.city': 'Enter the city.',
    });
    expect(placed.fields.get('email')?.relatedId).toBe('gid-1');
    expect(placed.form).toEqual([]);
  });

  it('keeps errors about the whole input, or about fields the form lacks, for above the form', () => {
    const placed = placeUserErrors(
      { title: '', rules: [{ field: 'tag', relation: 'equals', value: '' }] },
      [
        { field: ['input', 'rules', '0', 'relation'], message: '"tag" can be: equals.', code: 'INVALID' },
        {
          field: ['input', 'version'],
          message: 'Someone else changed this collection.',
          code: 'STALE_VERSION',
        },
        { field: null, message: 'Something about it all.', code: 'INVALID' },
      ],
      ['input'],
    );
    expect([...placed.fields.keys()]).toEqual(['rules.0.relation']);
    expect(placed.form).toEqual(['Someone else changed this collection.', 'Something about it all.']);
  });

  it('reads paths that start elsewhere than input (an argument of their own)', () => {
    const placed = placeUserErrors(
      { currentPassword: '', newPassword: '' },
      [{ field: ['currentPassword'], message: 'Your current password is wrong.', code: 'INVALID' }],
      [],
    );
    expect(placed.fields.get('currentPassword')?.message).toBe('Your current password is wrong.');
    // Without the prefix the path is read as it is.
    expect(
      placeUserErrors({ name: '' }, [{ field: ['name'], message: 'x', code: 'INVALID' }], ['input']).form,
    ).toEqual([]);
  });
});
