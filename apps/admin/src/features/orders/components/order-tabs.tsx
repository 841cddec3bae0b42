import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { directionOf, sortKeyOf } from '../../../components/list-controls';
import type { ListParams } from '../../../lib/list-params';
import { ORDER_LIST } from './order-list-sorting';

/** Sort key and direction, both in the URL (`sort=`, `dir=`). */
export function OrderSortControls({ params }: { params: ListParams }) {
  const dir = directionOf(ORDER_LIST, params);
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Sort by"
        data={ORDER_LIST.sorts}
        value={sortKeyOf(ORDER_LIST, params)}
        onChange={(value) =>
          params.update({ sort: value === ORDER_LIST.defaultSort ? null : value, dir: null })
        }
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
  );
}
