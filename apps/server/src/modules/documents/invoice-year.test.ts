import { describe, expect, it } from 'vitest';
import { documentYear } from './invoice-year.js';

describe('documentYear', () => {
  it('is the calendar year in the store time zone, not in UTC', () => {
    const newYearUtc = new Date('2027-01-01T04:30:00Z');
    expect(documentYear(newYearUtc, 'UTC')).toBe(2027);
    expect(documentYear(newYearUtc, 'America/New_York')).toBe(2026);
    const eveUtc = new Date('2026-12-31T13:30:00Z');
    expect(documentYear(eveUtc, 'UTC')).toBe(2026);
    expect(documentYear(eveUtc, 'Pacific/Auckland')).toBe(2027);
  });
});
