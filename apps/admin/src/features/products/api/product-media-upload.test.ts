import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadTooLarge } from './product-media-upload';

const MB = 1024 * 1024;

/** Issue #26 §3: an upload over the server's limit is refused in words, never as a network error. */
describe('uploadTooLarge', () => {
  it('lets files that fit in one upload go', () => {
    expect(uploadTooLarge([{ size: 20 * MB }, { size: 20 * MB }, { size: 19 * MB }])).toBeNull();
    expect(uploadTooLarge([])).toBeNull();
  });

  it('says how much was chosen and what the limit is when they do not', () => {
    expect(uploadTooLarge([{ size: 60 * MB }, { size: 60 * MB }])).toBe(
      'These images come to 120.0 MB; one upload can be at most 100 MB. Add them a few at a time.',
    );
    // Exactly the limit leaves no room for the form's own fields: refused before it is sent.
    expect(uploadTooLarge([{ size: MAX_UPLOAD_BYTES }])).toMatch(/at most 100 MB/);
  });
});
