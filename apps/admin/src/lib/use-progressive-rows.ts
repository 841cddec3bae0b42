import { useEffect, useState } from 'react';

/**
 * A list's rows drawn in two steps when its table first appears: the first `first` rows at once,
 * the rest a frame later. A cold load of /products spent ~350 ms drawing 50 rows of Mantine
 * components before the first one showed (bench/ADMIN-LOAD.md); the person sees the top of the
 * list while the rest is drawn below the fold. Later pages (the table already on screen) are drawn
 * whole.
 */
export function useProgressiveRows<T>(rows: readonly T[], first = 12): readonly T[] {
  const [whole, setWhole] = useState(false);
  const partial = !whole && rows.length > first;
  useEffect(() => {
    if (!partial) return;
    const frame = requestAnimationFrame(() => setWhole(true));
    return () => cancelAnimationFrame(frame);
  }, [partial]);
  return partial ? rows.slice(0, first) : rows;
}
