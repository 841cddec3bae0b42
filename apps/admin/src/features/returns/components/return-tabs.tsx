import { Button, Group } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import type { ListParams } from '../../../lib/list-params';
import { RETURN_TABS, returnTabOf } from './return-list-tabs';

/** Requested, Awaiting receipt, To settle, All as tabs that put their search in the URL; arrows move. */
export function ReturnTabs({ params, compact }: { params: ListParams; compact: boolean }) {
  const active = returnTabOf(params.q)?.value ?? null;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const current = buttons.current.findIndex((b) => b === document.activeElement);
    const next = (current + step + RETURN_TABS.length) % RETURN_TABS.length;
    buttons.current[next]?.focus();
    event.preventDefault();
  };

  return (
    <Group
      role="tablist"
      aria-label="Saved views"
      gap={compact ? 0 : 2}
      wrap="nowrap"
      style={{ overflowX: 'auto', maxWidth: '100%' }}
      onKeyDown={onKeyDown}
    >
      {RETURN_TABS.map((tab, index) => {
        const selected = tab.value === active;
        return (
          <Button
            key={tab.value}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            role="tab"
            aria-selected={selected}
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
