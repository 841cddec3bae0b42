// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  useListController,
  type ListConnection,
  type ListQuery,
} from '../lib/controllers/use-list-controller';
import { useListParams } from '../lib/list-params';
import type { ListSorting } from '../lib/list-sorting';
import { installDomShims, screenWrapper, shownUrl } from '../test-support/dom';
import { ListPage } from './list-page';

interface Row {
  id: string;
  title: string;
}
type Data = { things: ListConnection<Row> };

function page(titles: string[], userErrors: { message: string }[] = []): Data {
  return {
    things: {
      nodes: titles.map((title, i) => ({ id: String(i), title })),
      pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'z' },
      count: { value: titles.length, precision: 'EXACT' },
      userErrors,
    },
  };
}

const SORTING: ListSorting<'TITLE' | 'UPDATED_AT'> = {
  sorts: [
    { value: 'UPDATED_AT', label: 'Updated' },
    { value: 'TITLE', label: 'Title' },
  ],
  defaultSort: 'UPDATED_AT',
  naturalDesc: { UPDATED_AT: true, TITLE: false },
  tabs: [
    { value: 'all', label: 'All' },
    { value: 'active', label: 'Active' },
  ],
  tabField: 'status',
  tabLabel: 'Things by status',
};
const thingsOf = (data: Data) => data.things;

function Things({ query, change }: { query: ListQuery<Data>; change?: string }) {
  const params = useListParams();
  const list = useListController({ params, query, connectionOf: thingsOf });
  return (
    <>
      {change && <button onClick={() => list.bulkDone(change)}>finish</button>}
      <ListPage
        list={list}
        title="Things"
        intro="Everything there is."
        actions={<button>Add thing</button>}
        search={{ label: 'Search things', placeholder: 'A title' }}
        sorting={SORTING}
        skeleton={<p>Loading things</p>}
        empty={{
          nouns: 'things',
          tryHint: 'Try other words.',
          none: { title: 'No things yet', description: 'Add one.' },
        }}
        noun="thing"
      >
        {(data) => (
          <ul aria-label="Things">
            {data.things.nodes.map((r) => (
              <li key={r.id}>{r.title}</li>
            ))}
          </ul>
        )}
      </ListPage>
    </>
  );
}

const loaded = (data: Data): ListQuery<Data> => ({ data, loading: false, refetch: () => Promise.resolve() });

beforeAll(installDomShims);
afterEach(cleanup);

describe('ListPage', () => {
  it('draws the title, actions, search, tabs, sort, the rows and the pager', () => {
    render(<Things query={loaded(page(['Oak board', 'Linen apron']))} />, {
      wrapper: screenWrapper('/things?q=oak'),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeTruthy();
    expect(screen.getByText('Everything there is.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add thing' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search things' }).value).toBe('oak');
    expect(screen.getByRole('radiogroup', { name: 'Things by status' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Things' }).textContent).toBe('Oak boardLinen apron');
    expect(screen.getByText('2 things')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(new URLSearchParams(shownUrl.search).get('after')).toBe('z');
  });

  it('says why a search found nothing, and clears it', () => {
    render(<Things query={loaded(page([]))} />, { wrapper: screenWrapper('/things?q=walnut') });
    expect(screen.getByText('No things match')).toBeTruthy();
    expect(screen.getByText('Try other words.')).toBeTruthy();
    // The empty state's button (the search box has one of its own).
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    expect(shownUrl.search).toBe('');
  });

  it('says how the first row arrives when there is no search, and shows the search error under the box', () => {
    render(<Things query={loaded(page([]))} />, { wrapper: screenWrapper('/things') });
    expect(screen.getByText('No things yet')).toBeTruthy();
    cleanup();
    render(<Things query={loaded(page([], [{ message: 'Unknown field: colour' }]))} />, {
      wrapper: screenWrapper('/things?q=colour:red'),
    });
    expect(screen.getByText('The search could not run')).toBeTruthy();
    expect(screen.getByText('Unknown field: colour')).toBeTruthy();
  });

  it('shows the skeleton while the first page loads, and what the last bulk change did', () => {
    render(
      <Things
        query={{ data: undefined, loading: true, refetch: () => Promise.resolve() }}
        change="2 archived"
      />,
      { wrapper: screenWrapper('/things') },
    );
    expect(screen.getByText('Loading things')).toBeTruthy();
    expect(screen.queryByTestId('bulk-result')).toBeNull();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'finish' }));
    });
    expect(screen.getByTestId('bulk-result').textContent).toBe('2 archived');
  });
});
