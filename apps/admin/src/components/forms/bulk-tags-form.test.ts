import { describe, expect, it } from 'vitest';
import { formMessages } from '../../lib/forms/form-messages';
import { bulkTagsSchema } from './bulk-tags-form-body';

describe('bulk tags', () => {
  it('says under the one input what is wrong with any of its tags', async () => {
    expect(await formMessages(bulkTagsSchema, { tags: ['vip', 'sale'] })).toEqual({});
    expect(await formMessages(bulkTagsSchema, { tags: [] })).toEqual({ tags: 'Enter at least one tag.' });
    expect(await formMessages(bulkTagsSchema, { tags: ['vip', 'x'.repeat(256)] })).toEqual({
      tags: 'Use at most 255 characters per tag.',
    });
  });
});
