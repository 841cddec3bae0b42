import { describe, expect, it } from 'vitest';
import { shortDateFormat } from './order-dates';

describe('shortDateFormat', () => {
  const now = () => new Date('2026-11-23T20:00:00Z');

  it('says Today for the same day in the store zone, and leaves the year out within it', () => {
    const short = shortDateFormat('UTC', now);
    expect(short('2026-11-23T09:05:00Z')).toMatch(/^Today, 9:05\sAM$/);
    expect(short('2026-03-01T14:30:00Z')).toMatch(/^Mar 1, 2:30\sPM$/);
    expect(short('2025-12-31T23:00:00Z')).toBe('Dec 31, 2025');
  });

  it('decides the day in the store zone, not the browser’s', () => {
    // 20:00 UTC on Nov 23 is already Nov 24 in Auckland; 11:00 UTC on Nov 23 is not "today" there.
    const short = shortDateFormat('Pacific/Auckland', now);
    expect(short('2026-11-23T12:30:00Z')).toMatch(/^Today, 1:30\sAM$/);
    expect(short('2026-11-23T10:00:00Z')).toMatch(/^Nov 23, 11:00\sPM$/);
  });

  it('keeps text that is not a date as it came', () => {
    expect(shortDateFormat('UTC', now)('soon')).toBe('soon');
  });
});
