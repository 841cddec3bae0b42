import { describe, expect, it } from 'vitest';
import { actionWords, readable, subjectName, subjectPath, typeWords } from './audit-words';

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
