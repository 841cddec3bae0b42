import { Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

interface SearchPickerProps<T> {
  label: string;
  placeholder: string;
  /** Results for the (debounced) text; undefined while none were asked for. */
  useResults: (text: string) => { items: T[] | undefined; loading: boolean };
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  emptyText: string;
  error?: string | null;
  description?: string;
}

/**
 * A search box with its results right under it, for the keyboard first: type, ↓/↑ to choose,
 * Enter to take it, Escape to close. A listbox with aria-activedescendant, so screen readers follow.
 */
export function SearchPicker<T>(props: SearchPickerProps<T>) {
  const { label, placeholder, useResults, itemKey, renderItem, onPick, emptyText, error, description } =
    props;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(text, 200);
  const { items, loading } = useResults(debounced);
  const listId = useId();
  const shown = open && text.trim() !== '' ? (items ?? []) : [];
  const pick = (item: T) => {
    onPick(item);
    setText('');
    setActive(0);
  };
  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        label={label}
        description={description}
        placeholder={placeholder}
        value={text}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={loading ? <Loader size="xs" /> : null}
        error={error}
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && shown.length) {
            setActive((a) => (a + 1) % shown.length);
            e.preventDefault();
          } else if (e.key === 'ArrowUp' && shown.length) {
            setActive((a) => (a - 1 + shown.length) % shown.length);
            e.preventDefault();
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const item = shown[active];
            if (item) pick(item);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && text.trim() !== '' && items !== undefined && (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          mt={4}
          p={4}
          style={{ position: 'absolute', zIndex: 20, left: 0, right: 0 }}
        >
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {emptyText}
            </Text>
          ) : (
            <Stack gap={2} role="listbox" id={listId} aria-label={label}>
              {shown.map((item, i) => (
                <UnstyledButton
                  key={itemKey(item)}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(item)}
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: i === active ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  {renderItem(item)}
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </div>
  );
}
