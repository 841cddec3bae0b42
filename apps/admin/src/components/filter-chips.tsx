import { Button, Group } from '@mantine/core';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { searchFieldValue, setSearchField } from '../lib/list-params';
import classes from './filter-chips.module.css';
import { ScrollRow } from './scroll-row';

// The popover (Popover, floating-ui, the choices) loads at the first click on a chip, not with the
// list (issue 15 item 6).
const FilterChipPopover = lazy(async () => ({
  default: (await import('./filter-chip-popover')).FilterChipPopover,
}));

export interface FilterOption {
  /** What the search term holds, e.g. `in` for `stock:in`, `>0` for `orders_count:>0`. */
  value: string;
  label: string;
}

/** A hook: the values in use for `lookup`, containing `contains` (a bounded list from the API). */
export type FilterValuesHook = (
  lookup: string,
  contains: string,
) => { values: string[] | undefined; loading: boolean; error?: string | null };

/** One filter chip: the search field it writes, and its choices, fixed or looked up. */
export type FilterDef = {
  field: string;
  label: string;
  /** Plural, for "No vendors yet"; the label with an "s" by default. */
  nouns?: string;
} & (
  | { options: FilterOption[] }
  /** What to ask `useValues` for (e.g. the API's `VENDOR`). */
  | { lookup: string }
);

interface FilterChipsProps {
  filters: FilterDef[];
  /** Looks up the values of the chips that have a `lookup`. */
  useValues?: FilterValuesHook;
  /** The list's search (SPEC §7.4); each chip shows and edits its own `field:value` term in it. */
  query: string;
  onChange: (query: string) => void;
}

/**
 * Filters one click away: each chip picks a value for one search field and writes it as a term of
 * the search (`vendor:"Acme"`), which the search box and the URL then show; × takes the term out.
 * The search stays the one truth, so typing the term does the same as picking it.
 */
export function FilterChips({ filters, query, onChange, useValues }: FilterChipsProps) {
  // On a phone the chips are one row that scrolls sideways; its cut side fades, so more chips read
  // as "more this way" (ScrollRow), not as a clipped word.
  return (
    <ScrollRow current={undefined}>
      <Group gap={6} wrap="wrap" role="group" aria-label="Filters" className={classes.chips}>
        {filters.map((filter) => (
          <FilterChip
            key={filter.field}
            filter={filter}
            useValues={useValues}
            value={searchFieldValue(query, filter.field)}
            onPick={(value) => onChange(setSearchField(query, filter.field, value))}
          />
        ))}
      </Group>
    </ScrollRow>
  );
}

function FilterChip({
  filter,
  useValues,
  value,
  onPick,
}: {
  filter: FilterDef;
  useValues: FilterValuesHook | undefined;
  value: string | null;
  onPick: (value: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  // The popover is mounted on the first click: eight closed popovers (floating-ui's hooks each)
  // were measurable main-thread time on a cold /products, above every list's first row.
  const [armed, setArmed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown =
    value === null
      ? null
      : 'options' in filter
        ? (filter.options.find((o) => o.value.toLowerCase() === value.toLowerCase())?.label ?? value)
        : value;
  const close = () => {
    setOpen(false);
    // Back to the chip (its button was replaced when the popover mounted, so Mantine's own focus
    // return would not find it).
    button.current?.focus();
  };
  const pick = (next: string | null) => {
    close();
    onPick(next);
  };
  const target = (
    <Button
      ref={button}
      size="compact-sm"
      radius="xl"
      variant={shown ? 'light' : 'default'}
      fw={500}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => {
        setArmed(true);
        setOpen((o) => !o);
      }}
      className={classes.chip}
    >
      {shown ? (
        <span className={classes.label}>
          {filter.label}: <strong>{shown}</strong>
        </span>
      ) : (
        filter.label
      )}
    </Button>
  );
  const chip = !armed ? (
    target
  ) : (
    // Until the popover's code is in, the chip itself (the click that armed it opens it on arrival).
    <Suspense fallback={target}>
      <FilterChipPopover
        target={target}
        filter={filter}
        useValues={useValues}
        value={value}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={close}
        onPick={pick}
      />
    </Suspense>
  );
  if (!shown) return chip;
  return (
    <Button.Group>
      {chip}
      <Button
        size="compact-sm"
        radius="xl"
        variant="light"
        px={6}
        aria-label={`Remove ${filter.label.toLowerCase()} filter`}
        onClick={() => onPick(null)}
      >
        <IconX size={14} aria-hidden />
      </Button>
    </Button.Group>
  );
}
