import { ActionIcon, Box, Group, SegmentedControl, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { searchFieldValue, setSearchField, type ListParams } from '../lib/list-params';
import { directionOf, sortKeyOf, type ListSorting } from '../lib/list-sorting';

export { directionOf, reverseOf, sortKeyOf, type ListSorting } from '../lib/list-sorting';

/** Tabs that edit one search term (one click away), the sort, and its direction — all in the URL. */
export function ListControls<K extends string>({
  list,
  params,
}: {
  list: ListSorting<K>;
  params: ListParams;
}) {
  const current = searchFieldValue(params.q, list.tabField)?.toLowerCase();
  const tab = list.tabs.some((t) => t.value === current) ? (current ?? 'all') : 'all';
  const dir = directionOf(list, params);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {/* On a phone, five tabs are wider than the screen: they scroll sideways rather than clip. */}
      <Box maw="100%" style={{ overflowX: 'auto' }}>
        <SegmentedControl
          aria-label={list.tabLabel}
          data={list.tabs}
          value={tab}
          onChange={(value) =>
            params.update({
              q: setSearchField(params.q, list.tabField, value === 'all' ? null : value) || null,
            })
          }
        />
      </Box>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Sort by"
          data={list.sorts}
          value={sortKeyOf(list, params)}
          onChange={(value) => params.update({ sort: value === list.defaultSort ? null : value, dir: null })}
          allowDeselect={false}
          w={160}
          size="sm"
        />
        <Tooltip label={dir === 'asc' ? 'Ascending' : 'Descending'}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={dir === 'asc' ? 'Sort descending' : 'Sort ascending'}
            onClick={() => params.update({ dir: dir === 'asc' ? 'desc' : 'asc' })}
          >
            {dir === 'asc' ? (
              <IconSortAscending size={18} aria-hidden />
            ) : (
              <IconSortDescending size={18} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
