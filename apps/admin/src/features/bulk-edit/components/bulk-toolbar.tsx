import { ActionIcon, Button, Checkbox, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconColumns } from '@tabler/icons-react';
import { describeCount } from './change-model';
import type { GridColumn } from './grid-columns';
import type { BulkEditor } from './use-bulk-editor';

interface BulkToolbarProps {
  editor: BulkEditor;
  /** The Columns menu (desktop only). */
  columns?: { all: readonly GridColumn[]; hidden: ReadonlySet<string>; toggle: (key: string) => void };
}

/** Above the grid: how much changed, undo/redo, the columns shown, Discard and Save. */
export function BulkToolbar({ editor, columns }: BulkToolbarProps) {
  const { count } = editor;
  const dirty = count.cells > 0;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text
        size="sm"
        fw={dirty ? 600 : 400}
        c={dirty ? undefined : 'dimmed'}
        aria-live="polite"
        data-testid="change-count"
      >
        {describeCount(count)}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Undo (Ctrl+Z)">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Undo"
            disabled={!editor.canUndo}
            onClick={editor.undo}
          >
            <IconArrowBackUp size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Redo (Ctrl+Shift+Z)">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Redo"
            disabled={!editor.canRedo}
            onClick={editor.redo}
          >
            <IconArrowForwardUp size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {columns && (
          <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
                Columns
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
              {columns.all.map((c) => {
                const shown = !columns.hidden.has(c.key);
                return (
                  <Menu.Item
                    key={c.key}
                    role="menuitemcheckbox"
                    aria-checked={shown}
                    onClick={() => columns.toggle(c.key)}
                    leftSection={<Checkbox size="xs" checked={shown} readOnly tabIndex={-1} aria-hidden />}
                  >
                    {c.title}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button variant="default" disabled={!dirty || editor.saving} onClick={editor.discard}>
          Discard
        </Button>
        <Button disabled={!dirty} loading={editor.saving} onClick={editor.save}>
          Save
        </Button>
      </Group>
    </Group>
  );
}
