import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { shortcutAllowed } from './keyboard';

/**
 * `[` and `]` on a record go to the previous and next record of the list it was opened from
 * (SPEC §2). Each list leaves the ids of the page it shows in sessionStorage, under its own path,
 * and the record screen reads them. (Orders keep their own, richer pager: order-neighbours.ts.)
 */
const keyOf = (listPath: string) => `stockroom.lastList:${listPath}`;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The ids stored for a list, or null when there are none (or not what the list wrote). */
export function parseIds(raw: string | null): string[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** The ids before and after `id` in `ids`; null when it is not there. */
export function around(
  ids: readonly string[] | null,
  id: string,
): { previous: string | null; next: string | null } | null {
  const index = ids ? ids.indexOf(id) : -1;
  if (!ids || index < 0) return null;
  return { previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
}

/** Remembers the page a list shows, each time it is shown. */
export function useRememberRows(listPath: string, ids: readonly string[] | undefined): void {
  useEffect(() => {
    if (!ids) return;
    try {
      session()?.setItem(keyOf(listPath), JSON.stringify(ids));
    } catch {
      // Storage full or off: [ and ] then do nothing.
    }
  }, [listPath, ids]);
}

/** `[` / `]` to the neighbours of record `id` on the list at `listPath` (its records at `listPath/:id`). */
export function useNeighbourKeys(listPath: string, id: string): void {
  const navigate = useNavigate();
  const neighbours = useMemo(
    () => around(parseIds(session()?.getItem(keyOf(listPath)) ?? null), id),
    [listPath, id],
  );
  useEffect(() => {
    if (!neighbours) return;
    const onKey = (event: KeyboardEvent) => {
      if (!shortcutAllowed(event)) return;
      const to = event.key === ']' ? neighbours.next : event.key === '[' ? neighbours.previous : null;
      if (!to) return;
      event.preventDefault();
      void navigate(`${listPath}/${to}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [neighbours, listPath, navigate]);
}
