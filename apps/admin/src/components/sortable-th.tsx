import { Table, UnstyledButton, type TableThProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListParams } from '../lib/list-params';
import { directionOf, sortKeyOf, type ListSorting } from './list-controls';
import classes from './sortable-th.module.css';

/** What a table's headers need to know of its list's sort, and how to change it. */
export interface HeaderSort<K extends string> {
  /** The key the rows are sorted by now. */
  key: K;
  /** The order shown, whatever the key's natural one. */
  direction: 'asc' | 'desc';
  /** Sorts by `key`: a new key in its natural order; the current one in the other direction. */
  sortBy: (key: K) => void;
}

/**
 * The header sort of a list that sorts like the "Sort by" select of ListControls: a new key is
 * the select's change (sort, dir: null), the current one is the direction button's (dir flipped).
 */
export function listHeaderSort<K extends string>(list: ListSorting<K>, params: ListParams): HeaderSort<K> {
  const key = sortKeyOf(list, params);
  const direction = directionOf(list, params);
  return {
    key,
    direction,
    sortBy: (next) =>
      next === key
        ? params.update({ dir: direction === 'asc' ? 'desc' : 'asc' })
        : params.update({ sort: next === list.defaultSort ? null : next, dir: null }),
  };
}

interface SortableThProps<K extends string> extends Omit<TableThProps, 'children'> {
  sort: HeaderSort<K>;
  /** The column's sort key, from the API's SortKeys enum. */
  sortKey: K;
  children: ReactNode;
}

/**
 * A column header that sorts its list: its label is a button (Enter or Space work), the column
 * the rows are sorted by shows an arrow and `aria-sort`. Right-aligned headers (`ta="right"`)
 * keep their label at the right.
 */
export function SortableTh<K extends string>({ sort, sortKey, children, ...th }: SortableThProps<K>) {
  const active = sort.key === sortKey;
  const Arrow = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      {...th}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      data-sort-key={sortKey}
    >
      <UnstyledButton
        className={classes.button}
        data-active={active || undefined}
        data-end={th.ta === 'right' || undefined}
        onClick={() => sort.sortBy(sortKey)}
      >
        <span className={classes.label}>{children}</span>
        <Arrow size={14} stroke={active ? 2.25 : 1.75} className={classes.icon} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
