import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The bar of a list's bulk actions: what is selected, Clear, and the actions. It stays in view at
 * the bottom of the window while the list scrolls under it. `notice` sits between the two (a reason
 * an action is off).
 */
export function BulkBar({
  label,
  onClear,
  notice,
  children,
}: {
  /** "3 selected", "All 1,204 matching selected". */
  label: string;
  onClear: () => void;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      shadow="lg"
      withBorder
      radius="md"
      px="md"
      py="sm"
      role="region"
      aria-label="Bulk actions"
      data-testid="bulk-bar"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 5 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm" aria-live="polite">
            {label}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onClear}>
            Clear
          </Button>
        </Group>
        {notice}
        {children}
      </Group>
    </Paper>
  );
}
