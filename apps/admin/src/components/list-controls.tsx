import { ActionIcon, Group, NativeSelect } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { searchFieldValue, setSearchField, type ListParams } from '../lib/list-params';
import { directionOf, sortKeyOf, type ListSorting } from '../lib/list-sorting';
import classes from './list-controls.module.css';
import { ScrollRow } from './scroll-row';

export { directionOf, reverseOf, sortKeyOf, type ListSorting } from '../lib/list-sorting';

/**
 * Tabs that edit one search term (one click away), the sort, and its direction — all in the URL.
 * Plain elements (radios, a native select): these sit above every list on its first paint, where
 * Mantine's SegmentedControl, Select and Tooltip cost a cold load measurable main-thread time; the
 * native select is also the phone's own picker.
 */
export function ListControls<K extends string>({
  list,
  params,
  extra,
}: {
  list: ListSorting<K>;
  params: ListParams;
  /** After the sort, e.g. the Columns chooser. */
  extra?: ReactNode;
}) {
  const name = useId();
  const current = searchFieldValue(params.q, list.tabField)?.toLowerCase();
  const tab = list.tabs.some((t) => t.value === current) ? (current ?? 'all') : 'all';
  const dir = directionOf(list, params);
  const next = dir === 'asc' ? 'Sort descending' : 'Sort ascending';
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {/* On a phone, five tabs are wider than the screen: they scroll sideways, with a fading edge. */}
      <ScrollRow current={tab}>
        <div role="radiogroup" aria-label={list.tabLabel} className={classes.tabs}>
          {list.tabs.map((t) => (
            <label key={t.value} className={classes.tab}>
              <input
                type="radio"
                className={classes.radio}
                name={name}
                value={t.value}
                checked={t.value === tab}
                onChange={() =>
                  params.update({
                    q: setSearchField(params.q, list.tabField, t.value === 'all' ? null : t.value) || null,
                    // A built-in tab leaves the saved view (SPEC §2 view=).
                    view: null,
                  })
                }
              />
              {t.label}
            </label>
          ))}
        </div>
      </ScrollRow>
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label="Sort by"
          data={list.sorts}
          value={sortKeyOf(list, params)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            params.update({ sort: value === list.defaultSort ? null : value, dir: null });
          }}
          w={160}
          size="sm"
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={next}
          title={`${dir === 'asc' ? 'Ascending' : 'Descending'}; click for ${dir === 'asc' ? 'descending' : 'ascending'}`}
          onClick={() => params.update({ dir: dir === 'asc' ? 'desc' : 'asc' })}
        >
          {dir === 'asc' ? (
            <IconSortAscending size={18} aria-hidden />
          ) : (
            <IconSortDescending size={18} aria-hidden />
          )}
        </ActionIcon>
        {extra}
      </Group>
    </Group>
  );
}
