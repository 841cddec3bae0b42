import {
  Button,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconSearch, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { searchFieldValue, setSearchField } from '../lib/list-params';
import classes from './filter-chips.module.css';

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
  return (
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
    <Popover
      opened={open}
      onChange={(opened) => (opened ? setOpen(true) : close())}
      position="bottom-start"
      shadow="md"
      width={260}
      trapFocus
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p="xs">
        {'options' in filter ? (
          <Choices options={filter.options} value={value} onPick={pick} />
        ) : (
          useValues && (
            <LookedUpChoices
              filter={filter}
              lookup={filter.lookup}
              useValues={useValues}
              value={value}
              onPick={pick}
            />
          )
        )}
      </Popover.Dropdown>
    </Popover>
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

function Choice({ label, chosen, onClick }: { label: string; chosen: boolean; onClick: () => void }) {
  return (
    <UnstyledButton className={classes.choice} onClick={onClick} aria-pressed={chosen}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" truncate>
          {label}
        </Text>
        {chosen && <IconCheck size={14} aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}

function Choices({
  options,
  value,
  onPick,
}: {
  options: FilterOption[];
  value: string | null;
  onPick: (value: string | null) => void;
}) {
  return (
    <Stack gap={2}>
      {options.map((o) => {
        const chosen = o.value.toLowerCase() === value?.toLowerCase();
        return (
          <Choice
            key={o.value}
            label={o.label}
            chosen={chosen}
            onClick={() => onPick(chosen ? null : o.value)}
          />
        );
      })}
    </Stack>
  );
}

function LookedUpChoices({
  filter,
  lookup,
  useValues,
  value,
  onPick,
}: {
  filter: FilterDef;
  lookup: string;
  useValues: FilterValuesHook;
  value: string | null;
  onPick: (value: string | null) => void;
}) {
  const [text, setText] = useState('');
  const [contains] = useDebouncedValue(text.trim(), 200);
  const { values, loading, error } = useValues(lookup, contains);
  const nouns = filter.nouns ?? `${filter.label.toLowerCase()}s`;
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        aria-label={`Find a ${filter.label.toLowerCase()}`}
        placeholder={`Find a ${filter.label.toLowerCase()}`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={loading ? <Loader size={14} /> : null}
        data-autofocus
      />
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
      {values && values.length === 0 && (
        <Text size="sm" c="dimmed" px={6}>
          {contains ? `No ${nouns} contain “${contains}”.` : `No ${nouns} yet.`}
        </Text>
      )}
      {values && values.length > 0 && (
        <ScrollArea.Autosize mah={240} type="auto">
          <Stack gap={2}>
            {values.map((v) => {
              const chosen = v.toLowerCase() === value?.toLowerCase();
              return <Choice key={v} label={v} chosen={chosen} onClick={() => onPick(chosen ? null : v)} />;
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
