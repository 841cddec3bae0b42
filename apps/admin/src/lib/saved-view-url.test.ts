import { describe, expect, it } from 'vitest';
import type { ListSorting } from './list-sorting';
import { columnsOfParam, paramsOfView, sameAsView, urlIsBare, viewOfParams } from './saved-view-url';

type Key = 'CREATED_AT' | 'TOTAL' | 'CUSTOMER_NAME';
const SORTING: ListSorting<Key> = {
  sorts: [
    { value: 'CREATED_AT', label: 'Date' },
    { value: 'TOTAL', label: 'Total' },
    { value: 'CUSTOMER_NAME', label: 'Customer' },
  ],
  defaultSort: 'CREATED_AT',
  naturalDesc: { CREATED_AT: true, TOTAL: true, CUSTOMER_NAME: false },
  tabs: [],
  tabField: 'status',
  tabLabel: 'Orders',
};

const params = (search: string) => {
  const p = new URLSearchParams(search);
  const dir = p.get('dir');
  return {
    q: p.get('q') ?? '',
    sort: p.get('sort'),
    dir: dir === 'asc' || dir === 'desc' ? dir : null,
    get: (name: string) => p.get(name),
  } as const;
};

describe('saved view URLs', () => {
  it('puts a view in the URL, leaving out what is the list default', () => {
    expect(
      paramsOfView({ query: ' status:open ', sortKey: null, reverse: false, columns: [] }, SORTING),
    ).toEqual({
      q: 'status:open',
      sort: null,
      dir: null,
      cols: null,
    });
    expect(
      paramsOfView({ query: '', sortKey: 'TOTAL', reverse: true, columns: ['number', 'total'] }, SORTING),
    ).toEqual({ q: null, sort: 'TOTAL', dir: 'asc', cols: 'number,total' });
    expect(
      paramsOfView({ query: '', sortKey: 'CUSTOMER_NAME', reverse: true, columns: [] }, SORTING),
    ).toMatchObject({
      sort: 'CUSTOMER_NAME',
      dir: 'desc',
    });
    // A list without sorts keeps only the search and columns.
    expect(paramsOfView({ query: 'a', sortKey: 'TOTAL', reverse: true, columns: [] }, null)).toEqual({
      q: 'a',
      sort: null,
      dir: null,
      cols: null,
    });
  });

  it('reads the URL as a view would keep it', () => {
    expect(viewOfParams(params('q=status:open&sort=TOTAL&dir=asc&cols=number,,total'), SORTING)).toEqual({
      query: 'status:open',
      sortKey: 'TOTAL',
      reverse: true,
      columns: ['number', 'total'],
    });
    expect(viewOfParams(params(''), SORTING)).toEqual({
      query: '',
      sortKey: 'CREATED_AT',
      reverse: false,
      columns: [],
    });
    expect(columnsOfParam(null)).toEqual([]);
  });

  it('tells when the URL shows the view, and when it was changed since', () => {
    const view = { query: 'status:open', sortKey: 'TOTAL', reverse: false, columns: [] };
    expect(sameAsView(params('q=status:open&sort=TOTAL'), view, SORTING)).toBe(true);
    expect(sameAsView(params('q=status:open%20%20&sort=TOTAL&dir=desc'), view, SORTING)).toBe(true);
    expect(sameAsView(params('q=status:open&sort=TOTAL&dir=asc'), view, SORTING)).toBe(false);
    expect(sameAsView(params('q=status:closed&sort=TOTAL'), view, SORTING)).toBe(false);
    expect(sameAsView(params('q=status:open'), view, SORTING)).toBe(false);
    expect(sameAsView(params('q=status:open&sort=TOTAL&cols=number'), view, SORTING)).toBe(false);
    // No sort in the view: the list's default order, whichever way the URL spells it.
    const plain = { query: '', sortKey: null, reverse: false, columns: [] };
    expect(sameAsView(params(''), plain, SORTING)).toBe(true);
    expect(sameAsView(params('sort=CREATED_AT&dir=desc'), plain, SORTING)).toBe(true);
  });

  it('knows a bare URL, which a view or the default fills in', () => {
    expect(urlIsBare(params('view=svw_1'))).toBe(true);
    expect(urlIsBare(params('q=a'))).toBe(false);
    expect(urlIsBare(params('cols=number'))).toBe(false);
    expect(urlIsBare(params('dir=asc'))).toBe(false);
  });
});
