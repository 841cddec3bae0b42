import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { eraseSchema } from './erase-customer-form';

describe('erase confirmation', () => {
  it('takes the email as the server does: any case, spaces around it ignored', async () => {
    const schema = eraseSchema('grace@example.com');
    expect(await formMessages(schema, { confirmation: ' Grace@Example.com ' })).toEqual({});
    expect(await formMessages(schema, { confirmation: 'grace@example' })).toEqual({
      confirmation: "Type the customer's email address exactly to confirm.",
    });
  });
});
