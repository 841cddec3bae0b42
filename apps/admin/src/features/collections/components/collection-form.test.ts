import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { collectionFormSchema, EMPTY_COLLECTION, type CollectionValues } from './collection-form';
import { newRule } from './rule-terms';

describe('collection form', () => {
  it('ignores the rule rows of a manual collection, which sends none', async () => {
    expect(
      await formMessages(collectionFormSchema('USD'), { ...EMPTY_COLLECTION, title: 'Staff picks' }),
    ).toEqual({});
  });

  it('puts each rule problem next to its row, prices in the store currency', async () => {
    const values: CollectionValues = {
      ...EMPTY_COLLECTION,
      title: '',
      handle: 'Not A Handle',
      kind: 'AUTOMATED',
      rules: [
        { ...newRule('tag'), value: 'winter' },
        { ...newRule('price'), value: 'cheap' },
        { ...newRule('inventory'), value: '' },
      ],
    };
    expect(await formMessages(collectionFormSchema('USD'), values)).toEqual({
      title: 'Enter a name.',
      handle: 'Use lowercase letters, digits and single hyphens, like linen-shirt.',
      'rules.1.value': 'Enter an amount like 19.99.',
      'rules.2.value': 'Enter a value.',
    });
  });
});
