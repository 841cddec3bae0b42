import { ActionIcon, Button, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useRef, type KeyboardEvent } from 'react';
import { directionOf, sortKeyOf } from '../../../components/list-controls';
import type { ListParams } from '../../../lib/list-params';
import { ORDER_LIST, ORDER_TABS, tabOf } from './order-list-sorting';

/**
 * The saved views (All, Unfulfilled, Unpaid, Open, Archived) as tabs: each puts its search in the
 * box and the URL. A search of one's own leaves no tab chosen. Arrow keys move between tabs.
 */
export function OrderTabs({ params, compact }: { params: ListParams; compact: boolean }) {
  const active = tabOf(params.q)?.value ?? null;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const current = buttons.current.findIndex((b) => b === document.activeElement);
    const next = (current + step + ORDER_TABS.length) % ORDER_TABS.length;
    buttons.current[next]?.focus();
    event.preventDefault();
  };

  return (
    <Group
      role="tablist"
      aria-label="Saved views"
      gap={compact ? 0 : 2}
      wrap="nowrap"
      // On a 375 px phone all five fit with narrow padding; larger text scrolls rather than hides.
      style={{ overflowX: 'auto', maxWidth: '100%' }}
      onKeyDown={onKeyDown}
    >
      {ORDER_TABS.map((tab, index) => {
        const selected = tab.value === active;
        return (
          <Button
            key={tab.value}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            role="tab"
            aria-selected={selected}
            // The chosen tab (or the first, when none is) is the one Tab reaches.
            tabIndex={selected || (active === null && index === 0) ? 0 : -1}
            size="sm"
            px={compact ? 6 : 12}
            variant={selected ? 'light' : 'subtle'}
            color={selected ? undefined : 'gray'}
            onClick={() => params.update({ q: tab.query || null })}
            style={{ flexShrink: 0 }}
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
}

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
