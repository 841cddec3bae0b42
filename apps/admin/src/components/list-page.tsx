import { Group, Stack, Text, Title, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListController } from '../lib/controllers/use-list-controller';
import type { ListSorting } from '../lib/list-sorting';
import { usePhone } from '../lib/use-phone';
import { DataView, type EmptyContent } from './data-view';
import { ListControls } from './list-controls';
import { listEmpty, ListResults } from './list-results';
import { SearchField } from './search-field';
import { SavedViewRow } from './view-tabs';
import type { SavedViewResource } from '../gql/graphql';

/** What an empty list says, in the words listEmpty turns into a search's or a first row's message. */
export interface ListEmptyWords {
  /** Plural, e.g. "products". */
  nouns: string;
  /** What else to try when a search found nothing. */
  tryHint: string;
  /** What a list with no rows at all says. */
  none: EmptyContent;
}

export interface ListPageProps<TData, Row extends { id: string }> {
  list: ListController<TData, Row>;
  title: string;
  /** Under the title: a sentence (shown from tablet width up) or the route's own elements. */
  intro?: ReactNode;
  /** Beside the title, e.g. "Add product". */
  actions?: ReactNode;
  /** The search box; a route with its own toolbar (tabs, sort beside the box) gives `toolbar`. */
  search?: { label: string; placeholder: string; help?: string };
  toolbar?: ReactNode;
  /** Quick filter chips under the search. */
  filters?: ReactNode;
  /** The tabs and sort of the list (ListControls). */
  sorting?: ListSorting<string>;
  /** The list's saved views (SPEC §2 `view=`), as tabs above the search. */
  views?: SavedViewResource;
  /** How the views read the sort, for a list that sorts without `sorting` (its own toolbar). */
  viewSorting?: ListSorting<string>;
  /** Beside the sort: e.g. the Columns chooser. */
  controls?: ReactNode;
  /** The last bulk change's message in the text colour, not green (where the list is checked by axe). */
  plainChange?: boolean;
  /** Above the rows: e.g. "select all matching", or a bar that acts on the selection. */
  banner?: ReactNode;
  skeleton: ReactNode;
  empty: EmptyContent | ListEmptyWords;
  /** The pager's noun: "product" ("products" for more than one). */
  noun: string;
  /** Instead of only moving to the page (e.g. to drop a selection of this page's rows first). */
  onPage?: (cursor: { after: string | null; before: string | null }) => void;
  /** Without the bordered frame around the rows (a grid that draws its own). */
  bare?: boolean;
  /** The rows of a loaded page: the table (or a phone's cards). */
  children: (data: TData) => ReactNode;
  /** Under the rows: the bulk bar over the selection, dialogs. */
  footer?: ReactNode;
  maw?: StackProps['maw'];
  pb?: StackProps['pb'];
}

function isWords(empty: EmptyContent | ListEmptyWords): empty is ListEmptyWords {
  return 'nouns' in empty;
}

/**
 * The shell of a list screen (react-admin's List is the model): title and actions, the search with
 * its filters and sort, what the last bulk change did, the rows in their loading, empty, error and
 * forbidden states (DataView), the pager, and the bulk bar. The state comes from useListController.
 */
export function ListPage<TData, Row extends { id: string }>(props: ListPageProps<TData, Row>) {
  const { list, search, sorting, filters, toolbar, empty } = props;
  const phone = usePhone();
  const { params, searchError } = list;
  return (
    <Stack gap="md" maw={props.maw} pb={props.pb}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{props.title}</Title>
          {typeof props.intro === 'string' ? (
            <Text c="dimmed" visibleFrom="sm">
              {props.intro}
            </Text>
          ) : (
            props.intro
          )}
        </div>
        {props.actions}
      </Group>
      {props.views && (
        <SavedViewRow
          resource={props.views}
          params={params}
          sorting={props.viewSorting ?? sorting ?? null}
          compact={phone}
        />
      )}
      {toolbar}
      {search && (
        <SearchField
          label={search.label}
          value={params.q}
          onSearch={(q, how) => params.update({ q }, how)}
          placeholder={search.placeholder}
          error={searchError}
          description={search.help}
        />
      )}
      {filters}
      {sorting && <ListControls list={sorting} params={params} extra={props.controls} />}
      {list.lastChange && (
        <Text
          size="sm"
          role="status"
          data-testid="bulk-result"
          {...(props.plainChange ? { fw: 500 } : { c: 'green.8' })}
        >
          {list.lastChange}
        </Text>
      )}
      {props.banner}
      <DataView
        keepPrevious
        query={list.query}
        skeleton={props.skeleton}
        isEmpty={list.isEmpty}
        empty={
          isWords(empty)
            ? listEmpty({ ...empty, search: params.q, searchError, onClearSearch: list.clearSearch })
            : empty
        }
      >
        {(data) => {
          const connection = list.connectionOf(data);
          return (
            <ListResults
              phone={phone}
              bare={props.bare}
              pageInfo={connection.pageInfo}
              count={connection.count}
              noun={props.noun}
              onPage={props.onPage ?? list.page}
            >
              {props.children(data)}
            </ListResults>
          );
        }}
      </DataView>
      {props.footer}
    </Stack>
  );
}
