import { Button, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { ScrollRow } from './scroll-row';
import type { SavedViewResource } from '../gql/graphql';
import type { ListParams } from '../lib/list-params';
import type { ListSorting } from '../lib/list-sorting';
import { useSavedViews, type SavedViews } from './use-saved-views';

// "Save as view" and a view's menu (Mantine's Menu and Modal, the mutations) download after the
// list's first paint, not with it (e2e/bundle-budget.test.ts).
const ViewActions = lazy(async () => ({ default: (await import('./view-menu')).ViewActions }));

/** A built-in tab of a list: a name and the search it runs (the URL's ?q=; "" for everything). */
export interface ListTab {
  value: string;
  label: string;
  query: string;
}

/**
 * A list's tabs: its built-in ones (searches every list has, as before), then the saved views,
 * shared first and then one's own (with a lock). A built-in tab clears `view=`; a saved view puts
 * its search, sort and columns in the URL. "Save as view" and the selected view's menu follow.
 * Arrow keys move between tabs; on a phone the row scrolls sideways.
 */
export function ViewTabs({
  saved,
  tabs = [],
  tabOf,
  compact,
}: {
  saved: SavedViews;
  /** Built-in tabs; none for lists whose own controls hold them. */
  tabs?: readonly ListTab[];
  tabOf?: (query: string) => ListTab | null;
  compact: boolean;
}) {
  const params = saved.params;
  const selectedView = saved.selected;
  const builtIn = selectedView || params.get('view') ? null : (tabOf?.(params.q)?.value ?? null);
  const active = selectedView ? `view:${selectedView.id}` : builtIn;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const all: { key: string; label: string; private: boolean; pick: () => void }[] = [
    ...tabs.map((tab) => ({
      key: tab.value,
      label: tab.label,
      private: false,
      pick: () => params.update({ q: tab.query || null, view: null, sort: null, dir: null, cols: null }),
    })),
    ...saved.views.map((view) => ({
      key: `view:${view.id}`,
      label: view.name,
      private: !view.shared,
      pick: () => saved.select(view),
    })),
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || !all.length) return;
    const current = buttons.current.findIndex((b) => b === document.activeElement);
    const next = (current + step + all.length) % all.length;
    buttons.current[next]?.focus();
    event.preventDefault();
  };

  if (!all.length && !saved.changed) return null;
  return (
    <Group gap={4} wrap="nowrap" style={{ maxWidth: '100%' }}>
      <ScrollRow current={active ?? undefined}>
        <Group
          role="tablist"
          aria-label="Saved views"
          gap={compact ? 0 : 2}
          wrap="nowrap"
          onKeyDown={onKeyDown}
        >
          {all.map((tab, index) => {
            const selected = tab.key === active;
            return (
              <Button
                key={tab.key}
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                role="tab"
                aria-selected={selected}
                aria-current={selected ? 'page' : undefined}
                tabIndex={selected || (active === null && index === 0) ? 0 : -1}
                size="sm"
                px={compact ? 6 : 12}
                variant={selected ? 'light' : 'subtle'}
                color={selected ? undefined : 'gray'}
                onClick={tab.pick}
                title={tab.private ? 'Only you see this view' : undefined}
                rightSection={tab.private ? <IconLock size={12} aria-hidden /> : undefined}
                style={{ flexShrink: 0 }}
              >
                {tab.label}
              </Button>
            );
          })}
        </Group>
      </ScrollRow>
      <Suspense fallback={null}>
        <ViewActions saved={saved} />
      </Suspense>
    </Group>
  );
}

/**
 * The saved views of a list whose own controls hold its built-in tabs (ListPage `views`): the
 * views, "Save as view" and the selected view's menu.
 */
export function SavedViewRow<K extends string>({
  resource,
  params,
  sorting,
  compact,
}: {
  resource: SavedViewResource;
  params: ListParams;
  sorting: ListSorting<K> | null;
  compact: boolean;
}) {
  const saved = useSavedViews(resource, params, sorting);
  return <ViewTabs saved={saved} compact={compact} />;
}
