import { describe, expect, it } from 'vitest';
import { instantOf, wallTimeIn } from './store-time';

describe('store wall time', () => {
  it('reads an instant as the store’s clock shows it', () => {
    expect(wallTimeIn('2026-11-24T12:00:00Z', 'America/New_York')).toBe('2026-11-24T07:00');
    expect(wallTimeIn('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01T08:00');
    expect(wallTimeIn('2026-11-24T12:00:00Z', 'Asia/Kolkata')).toBe('2026-11-24T17:30');
    expect(wallTimeIn('2026-11-24T23:59:00Z', 'UTC')).toBe('2026-11-24T23:59');
  });

  it('turns a wall time in the store’s zone into the instant, across daylight saving', () => {
    expect(instantOf('2026-12-01T00:00', 'America/New_York')).toBe('2026-12-01T05:00:00.000Z');
    expect(instantOf('2026-10-01T00:00', 'America/New_York')).toBe('2026-10-01T04:00:00.000Z');
    // New York falls back at 02:00 on 1 Nov 2026: midnight is still daylight time.
    expect(instantOf('2026-11-01T00:00', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(instantOf('2026-11-01T03:00', 'America/New_York')).toBe('2026-11-01T08:00:00.000Z');
    expect(instantOf('2026-11-24T17:30', 'Asia/Kolkata')).toBe('2026-11-24T12:00:00.000Z');
    expect(instantOf('2026-11-24T10:00', 'UTC')).toBe('2026-11-24T10:00:00.000Z');
  });

  it('round-trips, and refuses what is not a date and time', () => {
    for (const iso of ['2026-03-08T07:30:00.000Z', '2026-11-01T05:30:00.000Z', '2027-01-01T00:00:00.000Z']) {
      expect(instantOf(wallTimeIn(iso, 'America/Los_Angeles'), 'America/Los_Angeles')).toBe(iso);
    }
    expect(instantOf('', 'UTC')).toBeNull();
    expect(instantOf('tomorrow', 'UTC')).toBeNull();
  });
});
