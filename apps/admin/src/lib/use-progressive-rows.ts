import { useEffect, useState } from 'react';

/**
 * A list's rows drawn in two steps when its table first appears: the first `first` rows at once,
 * the rest once the browser is idle after painting them. A cold load of /products spent ~350 ms
 * drawing 50 rows of Mantine components before the first one showed (bench/ADMIN-LOAD.md); the
 * person sees the top of the list while the rest is drawn below the fold. Later pages (the table
 * already on screen) are drawn whole.
 */
export function useProgressiveRows<T>(rows: readonly T[], first = 12): readonly T[] {
  const [whole, setWhole] = useState(false);
  const partial = !whole && rows.length > first;
  useEffect(() => {
    if (!partial) return;
    // Once the browser is idle, so after the first rows are painted and shown: an animation frame
    // callback runs before its frame is painted, and a timer could still beat the compositor.
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(() => setWhole(true), { timeout: 300 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(() => setWhole(true), 50);
    return () => clearTimeout(timer);
  }, [partial]);
  return partial ? rows.slice(0, first) : rows;
}
