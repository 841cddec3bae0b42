import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BURST_MS, trailingThrottle } from './trailing-throttle';

describe('trailingThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes one run of a burst, after it', async () => {
    const run = vi.fn();
    const t = trailingThrottle(run, 2000);
    for (let i = 0; i < 20; i++) t.schedule();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at most once per interval under a steady stream, and once after the last call', async () => {
    const run = vi.fn();
    const t = trailingThrottle(run, 2000);
    // A call every 100 ms for 10 s.
    for (let ms = 0; ms < 10_000; ms += 100) {
      t.schedule();
      await vi.advanceTimersByTimeAsync(100);
    }
    const during = run.mock.calls.length;
    expect(during).toBeGreaterThanOrEqual(4);
    expect(during).toBeLessThanOrEqual(6);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(during + 1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(during + 1);
  });

  it('never overlaps a slow run: calls during it make one more run after it', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const t = trailingThrottle(run, 2000);
    t.schedule();
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(run).toHaveBeenCalledTimes(1);
    t.schedule();
    t.schedule();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing once cancelled', async () => {
    const run = vi.fn();
    const t = trailingThrottle(run, 2000);
    t.schedule();
    t.cancel();
    t.schedule();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
  });
});
