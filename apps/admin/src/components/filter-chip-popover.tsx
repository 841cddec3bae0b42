import { Group, Loader, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useState, type ReactElement } from 'react';
import type { FilterDef, FilterOption, FilterValuesHook } from './filter-chips';
import classes from './filter-chips.module.css';

interface FilterChipPopoverProps {
  /** The chip's button. */
  target: ReactElement;
  filter: FilterDef;
  useValues: FilterValuesHook | undefined;
  value: string | null;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onPick: (value: string | null) => void;
}

/** A filter chip's choices, in a popover under the chip (filter-chips.tsx loads it on first use). */
export function FilterChipPopover({
  target,
  filter,
  useValues,
  value,
  open,
  onOpen,
  onClose,
  onPick,
}: FilterChipPopoverProps) {
  return (
    <Popover
      opened={open}
      onChange={(opened) => (opened ? onOpen() : onClose())}
      position="bottom-start"
      shadow="md"
      width={260}
      trapFocus
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p="xs">
        {'options' in filter ? (
          <Choices options={filter.options} value={value} onPick={onPick} />
        ) : (
          useValues && (
            <LookedUpChoices
              filter={filter}
              lookup={filter.lookup}
              useValues={useValues}
              value={value}
              onPick={onPick}
            />
          )
        )}
      </Popover.Dropdown>
    </Popover>
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
