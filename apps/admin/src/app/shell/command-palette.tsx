import '@mantine/spotlight/styles.layer.css';
import {
  Badge,
  Group,
  Kbd,
  Loader,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import {
  IconClock,
  IconDiscount2,
  IconPackage,
  IconReceipt,
  IconSearch,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { readRecent, rememberRecent } from '../../lib/recent-records';
import { useSession } from '../../lib/session-context';
import { GLOBAL_SEARCH_MAX_LENGTH, useGlobalSearchQuery } from '../../lib/shell-api/global-search-query';
import type { GlobalSearchQuery } from '../../lib/shell-api/shell.generated';
import { COMMANDS, matchingCommands } from './palette-commands';
import { PALETTE_INPUT_ATTRIBUTE, paletteStore, takeTypeahead } from './palette-store';
import { useSignOut } from './use-sign-out';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The whole list behind a search, for more than the palette's few results per type. */
const LIST_SEARCHES = [
  { label: 'orders', path: '/orders', permission: 'ORDERS_READ' },
  { label: 'products', path: '/products', permission: 'CATALOG_READ' },
  { label: 'customers', path: '/customers', permission: 'CUSTOMERS_READ' },
] as const;

interface Hit {
  path: string;
  label: string;
  description?: string;
  kind: string;
  icon: Icon;
}

/** The server's groups as palette entries, in the order people look for them. */
function hitsOf(search: GlobalSearchQuery['search'] | undefined): { title: string; hits: Hit[] }[] {
  if (!search) return [];
  const groups: { title: string; hits: Hit[] }[] = [
    {
      title: 'Orders',
      hits: (search.orders ?? []).map((o) => ({
        path: `/orders/${o.id}`,
        label: `Order ${o.name}`,
        description: [o.customerName, o.email, formatMoney(o.total)].filter(Boolean).join(' · '),
        kind: 'Order',
        icon: IconReceipt,
      })),
    },
    {
      title: 'Products',
      hits: (search.products ?? []).map((p) => ({
        path: `/products/${p.id}`,
        label: p.title,
        description: p.status.charAt(0) + p.status.slice(1).toLowerCase(),
        kind: 'Product',
        icon: IconPackage,
      })),
    },
    {
      title: 'Customers',
      hits: (search.customers ?? []).map((c) => ({
        path: `/customers/${c.id}`,
        label: c.displayName,
        description: c.email,
        kind: 'Customer',
        icon: IconUsers,
      })),
    },
    {
      title: 'Discounts',
      hits: (search.discounts ?? []).map((d) => ({
        path: `/discounts/${d.id}`,
        label: d.code,
        description: d.summary,
        kind: 'Discount',
        icon: IconDiscount2,
      })),
    },
    {
      title: 'Staff',
      hits: (search.staff ?? []).map((s) => ({
        path: `/settings/staff/${s.id}`,
        label: s.name,
        description: s.email,
        kind: 'Staff',
        icon: IconUser,
      })),
    },
  ];
  return groups.filter((g) => g.hits.length > 0);
}

/**
 * Ctrl/Cmd-K (SPEC §2): records from the global search (only the kinds the person may read),
 * the commands they may run, and the records they opened lately. Type, ↓ and Enter — or Enter
 * alone for the first entry — and the palette closes on the chosen page.
 */
export function CommandPalette({ onShortcuts }: { onShortcuts: () => void }) {
  const navigate = useNavigate();
  const { can } = useSession();
  const { signOut } = useSignOut();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const [query, setQuery] = useState('');
  const { opened } = useSpotlight(paletteStore);
  // Read afresh each time the palette opens: records are remembered as they are opened.
  const recent = useMemo(() => (opened ? readRecent() : []), [opened]);
  const [debounced] = useDebouncedValue(query, 200);
  const search = useGlobalSearchQuery(debounced);
  const groups = hitsOf(debounced.trim() ? (search.data ?? search.previousData)?.search : undefined);
  const allowed = useMemo(() => COMMANDS.filter((c) => c.permission === null || can(c.permission)), [can]);
  const commands = matchingCommands(allowed, query);
  const words = query.trim();
  const lists = LIST_SEARCHES.filter((l) => words && can(l.permission));
  const searching = query.trim() !== '' && (search.loading || query !== debounced);

  const open = (hit: { path: string; label: string; kind: string }) => {
    rememberRecent({ path: hit.path, label: hit.label, kind: hit.kind });
    void navigate(hit.path);
  };

  const runCommand = (id: string) => {
    const command = COMMANDS.find((c) => c.id === id);
    if (!command) return;
    if (command.to) void navigate(command.to);
    else if (command.run === 'sign-out') void signOut();
    else if (command.run === 'toggle-theme') setColorScheme(scheme === 'dark' ? 'light' : 'dark');
    else if (command.run === 'shortcuts') onShortcuts();
  };

  /** Enter with no entry chosen by the arrows: the first entry, whatever the mouse rests on. */
  const list = () => document.getElementById(paletteStore.getState().listId);
  const openFirst = () => {
    const first = list()?.querySelector<HTMLElement>('[data-action]');
    if (!first) return;
    // Spotlight then triggers "the selected" entry: there is none.
    list()?.querySelector('[data-selected]')?.removeAttribute('data-selected');
    paletteStore.setState({ ...paletteStore.getState(), selected: -1 });
    first.click();
  };

  // An Enter typed while the search for the query is still on its way waits for its answer: the
  // first entry is then the first of what was typed for, never a record left from an earlier
  // query (shown meanwhile so the list does not flicker).
  const enterPending = useRef(false);
  const chooseFirst = () => {
    if (!searching) {
      openFirst();
      return;
    }
    enterPending.current = true;
    list()?.querySelector('[data-selected]')?.removeAttribute('data-selected');
    paletteStore.setState({ ...paletteStore.getState(), selected: -1 });
  };
  useEffect(() => {
    if (searching || !enterPending.current) return;
    enterPending.current = false;
    openFirst();
  });

  // Enter opens the first entry unless the arrows chose another since the last keystroke — so
  // "#1001 Enter" is enough, whatever the mouse happens to rest on as the results appear.
  const arrowed = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      arrowed.current = true;
      enterPending.current = false;
      return;
    }
    if (event.key !== 'Enter') {
      arrowed.current = false;
      enterPending.current = false;
      return;
    }
    if (!arrowed.current) chooseFirst();
  };

  // Keys typed right after Ctrl/Cmd-K, before this input had the focus (palette-store.ts), are
  // the start of the query; an Enter among them opens the first entry once the query's results show.
  const onFocus = () => {
    const { text, enter } = takeTypeahead();
    if (!text) {
      if (enter) chooseFirst();
      return;
    }
    arrowed.current = false;
    enterPending.current = enter;
    setQuery((q) => q + text);
  };

  const errorText = search.error ? describeError(search.error).message : null;
  const nothing = !groups.length && !commands.length && !lists.length && !searching;

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // Ctrl/Cmd-K is the shell's (lazy-palette.tsx), which loads this module on first use.
      shortcut={null}
      scrollable
      maxHeight={440}
      size={640}
      yOffset={72}
      // The dialog's name for screen readers; the header that carries it is visually hidden.
      title="Search and commands"
      styles={{ header: VISUALLY_HIDDEN }}
    >
      <Spotlight.Search
        placeholder="Search orders, products, customers… or type a command"
        aria-label="Search or run a command"
        maxLength={GLOBAL_SEARCH_MAX_LENGTH}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        {...{ [PALETTE_INPUT_ATTRIBUTE]: '' }}
      />
      <Spotlight.ActionsList aria-label="Results and commands">
        {!query.trim() && recent.length > 0 && (
          <Spotlight.ActionsGroup label="Recently opened">
            {recent.map((r) => (
              <Spotlight.Action
                key={r.path}
                label={r.label}
                leftSection={<IconClock size={18} aria-hidden />}
                rightSection={
                  <Badge variant="light" color="gray" size="sm">
                    {r.kind}
                  </Badge>
                }
                onClick={() => open(r)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {groups.map((g) => (
          <Spotlight.ActionsGroup key={g.title} label={g.title}>
            {g.hits.map((h) => (
              <Spotlight.Action
                key={h.path}
                label={h.label}
                description={h.description}
                leftSection={<h.icon size={18} aria-hidden />}
                onClick={() => open(h)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {commands.length > 0 && (
          <Spotlight.ActionsGroup label="Commands">
            {commands.map((c) => (
              <Spotlight.Action
                key={c.id}
                label={c.label}
                leftSection={<c.icon size={18} aria-hidden />}
                onClick={() => runCommand(c.id)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {lists.length > 0 && (
          <Spotlight.ActionsGroup label="Search a list">
            {lists.map((l) => (
              <Spotlight.Action
                key={l.path}
                label={`Search ${l.label} for “${words}”`}
                leftSection={<IconSearch size={18} aria-hidden />}
                onClick={() => void navigate(`${l.path}?q=${encodeURIComponent(words)}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {words && !searching && search.data && !groups.length && (
          <Text size="sm" c="dimmed" px="md" py="xs">
            No records match “{words}”.
          </Text>
        )}
        {errorText && (
          <Text c="red" size="sm" px="md" py="xs" role="alert">
            {errorText}
          </Text>
        )}
        {nothing && <Spotlight.Empty>Nothing found for “{query.trim()}”.</Spotlight.Empty>}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move
          </Text>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Enter</Kbd> to open
          </Text>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Esc</Kbd> to close
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
