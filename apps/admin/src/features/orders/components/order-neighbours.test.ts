import { describe, expect, it } from 'vitest';
import { neighbours, parseLastList } from './order-neighbours';

describe('parseLastList', () => {
  it('reads what the list writes', () => {
    expect(parseLastList(JSON.stringify({ search: '?q=x', ids: ['ord_1', 'ord_2'] }))).toEqual({
      search: '?q=x',
      ids: ['ord_1', 'ord_2'],
    });
  });

  it('ignores nothing, broken JSON and other shapes', () => {
    expect(parseLastList(null)).toBeNull();
    expect(parseLastList('')).toBeNull();
    expect(parseLastList('{nope')).toBeNull();
    expect(parseLastList('[]')).toBeNull();
    expect(parseLastList(JSON.stringify({ search: 1, ids: [] }))).toBeNull();
    expect(parseLastList(JSON.stringify({ search: '', ids: ['a', 2] }))).toBeNull();
    expect(parseLastList('null')).toBeNull();
  });
});

describe('neighbours', () => {
  const list = { search: '?q=unpaid', ids: ['a', 'b', 'c'] };

  it('gives the orders before and after, and the place in the list', () => {
    expect(neighbours(list, 'b')).toEqual({
      previous: 'a',
      next: 'c',
      position: 2,
      total: 3,
      listPath: '/orders?q=unpaid',
    });
  });

  it('has no previous at the start and no next at the end', () => {
    expect(neighbours(list, 'a')).toMatchObject({ previous: null, next: 'b', position: 1 });
    expect(neighbours(list, 'c')).toMatchObject({ previous: 'b', next: null, position: 3 });
    expect(neighbours({ search: '', ids: ['a'] }, 'a')).toMatchObject({ previous: null, next: null });
  });

  it('offers nothing for an order that was not on the list, or without a list', () => {
    expect(neighbours(list, 'z')).toBeNull();
    expect(neighbours(null, 'a')).toBeNull();
  });

  it('builds the way back with or without a leading question mark', () => {
    expect(neighbours({ search: '', ids: ['a'] }, 'a')?.listPath).toBe('/orders');
    expect(neighbours({ search: 'sort=total', ids: ['a'] }, 'a')?.listPath).toBe('/orders?sort=total');
  });
});
