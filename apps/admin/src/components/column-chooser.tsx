import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { defaultSavedViewColumns, SAVED_VIEW_COLUMNS, type SavedViewResource } from '@stockroom/domain';
import { shownColumns } from './shown-columns';
import type { ListParams } from '../lib/list-params';

/**
 * "Columns": which of the list's columns show, and in what order (checkboxes, move up and down).
 * The choice goes in the URL's `cols=`, so a saved view keeps it.
 */
export function ColumnChooser({ resource, params }: { resource: SavedViewResource; params: ListParams }) {
  const all = SAVED_VIEW_COLUMNS[resource];
  const shown = shownColumns(resource, params);
  const ordered = [...shown, ...all.map((c) => c.key).filter((k) => !shown.includes(k))];
  const labelOf = (key: string) => all.find((c) => c.key === key)?.label ?? key;
  const save = (next: string[]) => {
    const isDefault = next.join(',') === defaultSavedViewColumns(resource).join(',');
    params.update({ cols: isDefault || !next.length ? null : next.join(',') });
  };
  const move = (key: string, step: number) => {
    const next = [...shown];
    const at = next.indexOf(key);
    const to = at + step;
    if (at < 0 || to < 0 || to >= next.length) return;
    [next[at], next[to]] = [next[to]!, next[at]!];
    save(next);
  };

  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Columns">
          <Text size="xs" c="dimmed">
            Shown columns, in order
          </Text>
          {ordered.map((key) => {
            const on = shown.includes(key);
            const at = shown.indexOf(key);
            return (
              <Group key={key} gap={6} justify="space-between" wrap="nowrap">
                <Checkbox
                  label={labelOf(key)}
                  checked={on}
                  disabled={on && shown.length === 1}
                  onChange={() => save(on ? shown.filter((k) => k !== key) : [...shown, key])}
                />
                {on && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Move ${labelOf(key)} up`}
                      disabled={at === 0}
                      onClick={() => move(key, -1)}
                    >
                      <IconArrowUp size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Move ${labelOf(key)} down`}
                      disabled={at === shown.length - 1}
                      onClick={() => move(key, 1)}
                    >
                      <IconArrowDown size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            );
          })}
          <Button variant="subtle" size="compact-xs" onClick={() => params.update({ cols: null })}>
            Back to the default columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
