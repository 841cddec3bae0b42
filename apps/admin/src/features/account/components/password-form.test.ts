import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { passwordChangeSchema } from './password-form';

const schema = passwordChangeSchema('ada@example.com');

describe('password form', () => {
  it('names every problem at once', async () => {
    expect(await formMessages(schema, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual(
      { currentPassword: 'Enter your current password.', newPassword: 'Enter a new password.' },
    );
    expect(
      await formMessages(schema, {
        currentPassword: '',
        newPassword: 'a-long-and-unusual-phrase-9',
        confirmPassword: 'something else',
      }),
    ).toEqual({
      currentPassword: 'Enter your current password.',
      confirmPassword: "The passwords don't match.",
    });
  });

  it('applies the shared password rules, with the email', async () => {
    const messages = await formMessages(schema, {
      currentPassword: 'old',
      newPassword: 'ada@example.com',
      confirmPassword: 'ada@example.com',
    });
    expect(messages).toEqual({ newPassword: "Don't use your email address as the password." });
  });
});
