// @vitest-environment jsdom
import { act, cleanup, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, screenWrapper, shownUrl } from '../../test-support/dom';
import { useListParams } from '../list-params';
import { useListController, type ListConnection, type ListQuery } from './use-list-controller';

interface Row {
  id: string;
  title: string;
}
type Data = { things: ListConnection<Row> };

function page(ids: string[], userErrors: { message: string }[] = []): Data {
  return {
    things: {
      nodes: ids.map((id) => ({ id, title: `Thing ${id}` })),
      pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'z' },
      count: { value: ids.length, precision: 'EXACT' },
      userErrors,
    },
  };
}

function query(data: Data | undefined, previousData?: Data): ListQuery<Data> {
  return { data, previousData, loading: data === undefined, refetch: () => Promise.resolve() };
}

const thingsOf = (data: Data) => data.things;
const pathOf = (row: Row) => `/things/${row.id}`;

function useThings(q: ListQuery<Data>, selectable: boolean) {
  const params = useListParams();
  return useListController({
    params,
    query: q,
    connectionOf: thingsOf,
    selection: selectable ? { canSelect: true, pathOf } : undefined,
    rememberAs: '/things',
  });
}

function press(key: string) {
  act(() => {
    fireEvent.keyDown(window, { key });
  });
}

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useListController', () => {
  it('reads the URL, shows the rows of the previous page while the next loads, and joins the search errors', () => {
    const { result, rerender } = renderHook(({ q }) => useThings(q, true), {
      wrapper: screenWrapper('/things?q=tag:x&sort=title'),
      initialProps: { q: query(page(['1', '2'], [{ message: 'Unknown field' }, { message: 'Try tag:' }])) },
    });
    expect(result.current.params.q).toBe('tag:x');
    expect(result.current.params.sort).toBe('title');
    expect(result.current.rows.map((r) => r.id)).toEqual(['1', '2']);
    expect(result.current.searchError).toBe('Unknown field Try tag:');
    expect(result.current.shownIds).toEqual(['1', '2']);

    rerender({ q: query(undefined, page(['1', '2'])) });
    expect(result.current.rows.map((r) => r.id)).toEqual(['1', '2']);
    // What is kept while the next page loads is not "the page shown for this URL".
    expect(result.current.shownIds).toBeUndefined();
    expect(result.current.searchError).toBeNull();
  });

  it('remembers the page shown for [ and ] on its records', () => {
    renderHook(() => useThings(query(page(['7', '8'])), true), { wrapper: screenWrapper('/things') });
    expect(JSON.parse(sessionStorage.getItem('stockroom.lastList:/things') ?? 'null')).toEqual(['7', '8']);
  });

  it('selects with j, k and x, and a bulk change says what it did and starts a new selection', () => {
    const { result } = renderHook(() => useThings(query(page(['1', '2', '3'])), true), {
      wrapper: screenWrapper('/things'),
    });
    press('j');
    press('j');
    press('x');
    expect([...result.current.selection.selected]).toEqual(['2']);
    expect(result.current.chosen.map((r) => r.title)).toEqual(['Thing 2']);
    press('k');
    press('x');
    expect(result.current.chosen.map((r) => r.id)).toEqual(['1', '2']);

    act(() => result.current.bulkDone('2 things archived'));
    expect(result.current.lastChange).toBe('2 things archived');
    expect(result.current.chosen).toEqual([]);
  });

  it('has no keys without a selection', () => {
    const { result } = renderHook(() => useThings(query(page(['1', '2'])), false), {
      wrapper: screenWrapper('/things'),
    });
    press('j');
    press('x');
    expect(result.current.selection.keyboard.focused).toBeNull();
    expect(result.current.chosen).toEqual([]);
  });

  it('pages and clears the search through the URL', () => {
    const { result } = renderHook(() => useThings(query(page(['1'])), false), {
      wrapper: screenWrapper('/things?q=oak'),
    });
    act(() => result.current.page({ after: 'z', before: null }));
    expect(new URLSearchParams(shownUrl.search).get('after')).toBe('z');
    act(() => result.current.clearSearch());
    // A new search starts at the first page.
    expect(shownUrl.search).toBe('');
    expect(result.current.isEmpty(page([]))).toBe(true);
    expect(result.current.isEmpty(page(['1']))).toBe(false);
  });
});
