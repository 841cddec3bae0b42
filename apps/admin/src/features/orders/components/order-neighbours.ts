/**
 * The orders list leaves the page it showed in sessionStorage (owned by the list), so an order
 * opened from it can offer the previous and next order of that page.
 */
export const LAST_LIST_KEY = 'stockroom.orders.lastList';

export interface LastList {
  /** The list's query string ("?q=unpaid&sort=total"), to go back to the same page. */
  search: string;
  /** The order ids of the page, in the order shown. */
  ids: string[];
}

export interface Neighbours {
  previous: string | null;
  next: string | null;
  /** 1-based place of this order in the list. */
  position: number;
  total: number;
  /** Where "back to the list" goes. */
  listPath: string;
}

/** The stored list, or null when there is none or it is not what the list writes. */
export function parseLastList(raw: string | null): LastList | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const { search, ids } = value as Record<string, unknown>;
  if (typeof search !== 'string' || !Array.isArray(ids)) return null;
  if (!ids.every((id): id is string => typeof id === 'string')) return null;
  return { search, ids };
}

/** The orders before and after this one in the last list; null when it was not on that list. */
export function neighbours(list: LastList | null, id: string): Neighbours | null {
  if (!list) return null;
  const index = list.ids.indexOf(id);
  if (index < 0) return null;
  const search = list.search === '' || list.search.startsWith('?') ? list.search : `?${list.search}`;
  return {
    previous: index > 0 ? list.ids[index - 1]! : null,
    next: index < list.ids.length - 1 ? list.ids[index + 1]! : null,
    position: index + 1,
    total: list.ids.length,
    listPath: `/orders${search}`,
  };
}

/** Reads the last list; sessionStorage can be unavailable (privacy modes) and then there is none. */
export function readLastList(): LastList | null {
  try {
    return parseLastList(window.sessionStorage.getItem(LAST_LIST_KEY));
  } catch {
    return null;
  }
}
