import { describe, expect, it } from 'vitest';
import { wordForms } from './word-forms.js';

describe('wordForms', () => {
  it('adds the singular of plurals that change their last consonant', () => {
    expect(wordForms('Scarves')).toEqual(['scarves', 'scarf']);
    expect(wordForms('knives')).toEqual(['knives', 'knif']);
  });
  it('adds irregular singulars', () => {
    expect(wordForms('women')).toEqual(['women', 'woman']);
  });
  it('leaves other words alone (the stemmer handles them)', () => {
    expect(wordForms('shirts')).toEqual(['shirts']);
    expect(wordForms('eaves')).toEqual(['eaves']);
  });
});
