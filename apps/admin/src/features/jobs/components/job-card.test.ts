import { describe, expect, it } from 'vitest';
import { progressPercent } from './job-card';

describe('progressPercent', () => {
  it('is the share done, rounded, never over 100; unknown without a total; whole for an empty job', () => {
    expect(progressPercent({ done: 0, total: null })).toBeNull();
    expect(progressPercent({ done: 1000, total: 10_500 })).toBe(10);
    expect(progressPercent({ done: 10_500, total: 10_500 })).toBe(100);
    expect(progressPercent({ done: 10_600, total: 10_500 })).toBe(100);
    expect(progressPercent({ done: 0, total: 0 })).toBe(100);
  });
});
