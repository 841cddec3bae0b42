import { Button, Group } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import type { ListParams } from '../lib/list-params';

/** One saved view of a list: a name and the search it runs (the URL's ?q=; "" for everything). */
export interface ListTab {
  value: string;
  label: string;
  query: string;
}

/**
 * A list's saved views as tabs: each puts its search in the box and the URL. A search of one's own
 * leaves no tab chosen (`tabOf` finds the tab whose search is the one in the URL). Arrow keys move
 * between tabs.
 */
export function ListTabs({
  tabs,
  tabOf,
  params,
  compact,
}: {
  tabs: readonly ListTab[];
  tabOf: (query: string) => ListTab | null;
  params: ListParams;
  compact: boolean;
}) {
  const active = tabOf(params.q)?.value ?? null;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const current = buttons.current.findIndex((b) => b === document.activeElement);
    const next = (current + step + tabs.length) % tabs.length;
    buttons.current[next]?.focus();
    event.preventDefault();
  };

  return (
    <Group
      role="tablist"
      aria-label="Saved views"
      gap={compact ? 0 : 2}
      wrap="nowrap"
      // On a 375 px phone five tabs fit with narrow padding; larger text scrolls rather than hides.
      style={{ overflowX: 'auto', maxWidth: '100%' }}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => {
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
