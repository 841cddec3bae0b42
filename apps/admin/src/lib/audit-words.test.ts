import { describe, expect, it } from 'vitest';
import {
  actionWords,
  longTexts,
  readable,
  shownValue,
  subjectName,
  subjectPath,
  typeWords,
} from './audit-words';

describe('audit words', () => {
  it('reads recorded values as a person would', () => {
    expect(readable('"Wool Hat"')).toBe('Wool Hat');
    expect(readable('null')).toBe('—');
    expect(readable(null)).toBe('—');
    expect(readable('""')).toBe('(empty)');
    expect(readable('["gift","sale"]')).toBe('gift, sale');
    expect(readable('1999')).toBe('1999');
    expect(readable('true')).toBe('true');
    expect(readable(JSON.stringify('x'.repeat(300)))).toHaveLength(120);
  });

  it('names the subject and where to open it', () => {
    expect(
      subjectName([
        { field: 'status', after: '"ACTIVE"' },
        { field: 'title', before: '"Hat"', after: '"Beanie"' },
      ]),
    ).toBe('Beanie');
    expect(subjectName([{ field: 'code', before: '"OLD"', after: null }])).toBe('OLD');
    expect(subjectName([{ field: 'status', after: '"ACTIVE"' }])).toBeNull();
    expect(subjectPath('DraftOrder', 'dft_1')).toBe('/drafts/dft_1');
    expect(subjectPath('Session', 'ses_1')).toBeNull();
    expect(typeWords('DraftOrder')).toBe('Draft order');
    expect(actionWords('staff.login_failed')).toBe('Staff login failed');
  });
});

describe('long text in the audit log', () => {
  it('diffs a long description as the words a shopper reads, and leaves short values alone', () => {
    const long = 'Soft washed linen. '.repeat(8);
    expect(
      longTexts({
        field: 'description',
        before: JSON.stringify(`<p>${long}</p>`),
        after: JSON.stringify(`<p>${long}Now in blue.</p>`),
      }),
    ).toEqual([long.trim(), `${long}Now in blue.`]);
    expect(longTexts({ field: 'title', before: '"Hat"', after: '"Beanie"' })).toBeNull();
    expect(
      longTexts({ field: 'tags', before: '["a"]', after: JSON.stringify(['b'.repeat(200)]) }),
    ).toBeNull();
    expect(longTexts({ field: 'note', before: '"line one"', after: '"line one\\nline two"' })).toEqual([
      'line one',
      'line one line two',
    ]);
  });

  it("prefers the server's words for money and references", () => {
    expect(shownValue('2500', '25.00 USD')).toBe('25.00 USD');
    expect(shownValue('["a","b"]', null)).toBe('a, b');
  });
});
