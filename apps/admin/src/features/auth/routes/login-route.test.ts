import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { loginSchema } from './login-route';

describe('sign-in form', () => {
  it('asks for both fields at once, and leaves the rest to the server', async () => {
    expect(await formMessages(loginSchema, { email: ' ', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
    expect(await formMessages(loginSchema, { email: 'not-an-email', password: 'x' })).toEqual({});
  });
});
