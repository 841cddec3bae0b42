import { describe, expect, it } from 'vitest';
import { splitUserErrors } from './user-errors';

describe('splitUserErrors', () => {
  it('puts each error under its input by the last segment of its field path', () => {
    const split = splitUserErrors(
      [
        { field: ['input', 'name'], message: 'Enter a name.', code: 'REQUIRED' },
        { field: ['input', 'name'], message: 'Second message.', code: 'INVALID' },
        { field: ['currentPassword'], message: 'Your current password is wrong.', code: 'INVALID' },
      ],
      ['name', 'currentPassword'] as const,
    );
    expect(split.fields).toEqual({
      name: 'Enter a name.',
      currentPassword: 'Your current password is wrong.',
    });
    expect(split.form).toEqual([]);
  });

  it('keeps errors about the whole input, or about fields the form lacks, for the form', () => {
    const split = splitUserErrors(
      [
        { field: null, message: 'Email or password is wrong.', code: 'INVALID_CREDENTIALS' },
        { field: ['input', 'version'], message: 'Someone else changed this profile.', code: 'STALE_VERSION' },
      ],
      ['name'] as const,
    );
    expect(split.fields).toEqual({});
    expect(split.form).toEqual(['Email or password is wrong.', 'Someone else changed this profile.']);
  });
});
