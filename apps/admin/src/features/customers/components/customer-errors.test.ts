import { describe, expect, it } from 'vitest';
import { errorsUnder, unclaimedErrors, zodFieldErrors } from './customer-errors';

const errors = [
  { field: ['input', 'email'], message: 'Enter a valid email.', code: 'INVALID' },
  { field: ['input', 'addresses', '1', 'postalCode'], message: 'Enter the postal code.', code: 'REQUIRED' },
  { field: ['input', 'addresses', '1', 'city'], message: 'Enter the city.', code: 'REQUIRED' },
  { field: null, message: 'Something about the whole customer.', code: 'INVALID' },
];

describe('customer form errors', () => {
  it('puts each server error under its field, addresses by their index', () => {
    expect(errorsUnder(errors, ['input'])).toEqual({ email: 'Enter a valid email.' });
    expect(errorsUnder(errors, ['input', 'addresses', '1'])).toEqual({
      postalCode: 'Enter the postal code.',
      city: 'Enter the city.',
    });
    expect(errorsUnder(errors, ['input', 'addresses', '0'])).toEqual({});
  });

  it('leaves errors no field claims for the alert above the form', () => {
    const rest = unclaimedErrors(errors, (f) => f[0] === 'input');
    expect(rest.map((e) => e.message)).toEqual(['Something about the whole customer.']);
  });

  it('keeps the first message per field from the shared rules', () => {
    expect(
      zodFieldErrors({
        issues: [
          { path: ['line1'], message: 'Enter the street address.' },
          { path: ['line1'], message: 'Second message' },
          { path: ['postalCode'], message: 'Enter the postal code.' },
        ],
      }),
    ).toEqual({ line1: 'Enter the street address.', postalCode: 'Enter the postal code.' });
  });
});
