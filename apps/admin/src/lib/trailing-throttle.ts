/**
 * Runs `run` after calls to `schedule`, at most once every `intervalMs`, and always once after the
 * last call (trailing), never two at a time: a burst of live events makes one refetch, a stream of
 * them one every `intervalMs`, and a slow refetch is not overlapped by the next.
 */
export interface TrailingThrottle {
  schedule(): void;
  cancel(): void;
}

/** How long the first call waits for the rest of its burst (one commit's events arrive together). */
export const BURST_MS = 250;

export function trailingThrottle(run: () => unknown, intervalMs: number): TrailingThrottle {
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let cancelled = false;

  async function fire() {
    timer = null;
    if (cancelled) return;
    running = true;
    lastStart = Date.now();
    try {
      await run();
    } catch {
      // The screen shows a failed refetch itself; the next event tries again.
    } finally {
      running = false;
      if (again && !cancelled) {
        again = false;
        schedule();
      }
    }
  }

  function schedule() {
    if (cancelled) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(() => void fire(), Math.max(BURST_MS, lastStart + intervalMs - Date.now()));
  }

  return {
    schedule,
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
