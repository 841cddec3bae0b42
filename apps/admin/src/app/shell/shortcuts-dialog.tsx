import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { SHORTCUTS } from './shortcuts';

function Keys({ keys }: { keys: string[][] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {keys.map((combo, i) => (
        <Fragment key={combo.join('+')}>
          {i > 0 && (
            <Text size="xs" c="dimmed">
              or
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            {combo.map((k, j) => (
              <Fragment key={k}>
                {j > 0 && combo[0] === 'g' && (
                  <Text size="xs" c="dimmed">
                    then
                  </Text>
                )}
                <Kbd>{k}</Kbd>
              </Fragment>
            ))}
          </Group>
        </Fragment>
      ))}
    </Group>
  );
}

/** `?`: every shortcut, grouped. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const sections = [...new Set(SHORTCUTS.map((s) => s.section))];
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <Stack gap="md">
        {sections.map((section) => (
          <Table key={section} verticalSpacing={6} aria-label={section}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th colSpan={2}>{section}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SHORTCUTS.filter((s) => s.section === section).map((s) => (
                <Table.Tr key={s.label}>
                  <Table.Td w="45%">
                    <Keys keys={s.keys} />
                  </Table.Td>
                  <Table.Td>{s.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
        <Text size="xs" c="dimmed">
          Shortcuts wait while you type in a field or a dialog is open.
        </Text>
      </Stack>
    </Modal>
  );
}
