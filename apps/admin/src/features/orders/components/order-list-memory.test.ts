import { describe, expect, it } from 'vitest';
import { rememberList } from './order-list-memory';
import { LAST_LIST_KEY, neighbours, parseLastList } from './order-neighbours';

/** A Storage with only what rememberList uses, holding its items in a Map. */
function memoryStore(failWith?: Error) {
  const items = new Map<string, string>();
  return {
    items,
    setItem(key: string, value: string) {
      if (failWith) throw failWith;
      items.set(key, value);
    },
  };
}

describe('rememberList', () => {
  it('stores the search and the page’s ids, in order, as the order screen reads them', () => {
    const store = memoryStore();
    expect(rememberList(store, '?q=status%3Aopen&sort=TOTAL', ['ord_b', 'ord_a', 'ord_c'])).toBe(true);
    const raw = store.items.get(LAST_LIST_KEY) ?? null;
    expect(JSON.parse(raw!)).toEqual({
      search: '?q=status%3Aopen&sort=TOTAL',
      ids: ['ord_b', 'ord_a', 'ord_c'],
    });
    expect(neighbours(parseLastList(raw), 'ord_a')).toMatchObject({
      previous: 'ord_b',
      next: 'ord_c',
      listPath: '/orders?q=status%3Aopen&sort=TOTAL',
    });
  });

  it('replaces the last list, so an order not on the newest page has no neighbours', () => {
    const store = memoryStore();
    rememberList(store, '', ['ord_1', 'ord_2']);
    rememberList(store, '?q=zzz', []);
    expect(neighbours(parseLastList(store.items.get(LAST_LIST_KEY) ?? null), 'ord_1')).toBeNull();
  });

  it('gives up quietly when storage is full or missing', () => {
    const full = memoryStore(new DOMException('full', 'QuotaExceededError'));
    expect(rememberList(full, '', ['ord_1'])).toBe(false);
    expect(rememberList(null, '', ['ord_1'])).toBe(false);
  });
});
