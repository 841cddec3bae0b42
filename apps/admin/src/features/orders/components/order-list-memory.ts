import { useEffect } from 'react';
import { LAST_LIST_KEY, type LastList } from './order-neighbours';

/** The part of the Web Storage API the list needs; sessionStorage in the browser. */
type Store = Pick<Storage, 'setItem'>;

/**
 * Leaves the page the list shows where the order screen finds it (order-neighbours.ts reads the
 * same key and shape), so an order opened from the list offers the previous and next one.
 * Returns whether it was stored.
 */
export function rememberList(store: Store | null, search: string, ids: readonly string[]): boolean {
  if (!store) return false;
  const list: LastList = { search, ids: [...ids] };
  try {
    store.setItem(LAST_LIST_KEY, JSON.stringify(list));
    return true;
  } catch {
    // Storage can be full or switched off (privacy modes): previous/next is then not offered.
    return false;
  }
}

function sessionStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    // Reading the property itself throws when storage is blocked for the site.
    return null;
  }
}

/**
 * Remembers the page each time it is shown for a URL. An empty page is remembered too: the last
 * list is then one without the order, and an order opened by its address offers no neighbours
 * from an older list.
 */
export function useRememberList(ids: readonly string[] | undefined, search: string): void {
  useEffect(() => {
    if (ids) rememberList(sessionStore(), search, ids);
  }, [ids, search]);
}
