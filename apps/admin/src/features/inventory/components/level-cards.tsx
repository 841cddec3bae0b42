import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TransferButton, VariantLabel, type LevelListProps } from './level-table';
import { DamagedBadge, LowStockBadge } from './low-stock-badge';
import { OnHandEditor } from './on-hand-editor';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The stock grid at phone width: one card per variant × location. */
export function LevelCards({ levels, selection, active, onStale, onTransfer }: LevelListProps) {
  return (
    <Stack gap="sm" data-testid="inventory-cards">
      {levels.map((level, index) => (
        <Paper
          key={level.id}
          withBorder
          radius="md"
          p="sm"
          data-row-index={index}
          data-testid="inventory-row"
          bg={index === active ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
            {selection && (
              <Checkbox
                mt={2}
                aria-label={`Select ${level.variant.product.title} · ${level.variant.title} at ${level.location.name}`}
                checked={selection.ids.has(level.id)}
                onChange={() => selection.toggle(level.id)}
              />
            )}
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <VariantLabel level={level} />
                {/* Two badges stack rather than run off a phone's card. */}
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  <LowStockBadge level={level} />
                  <DamagedBadge level={level} />
                </Stack>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed" truncate>
                  {level.location.name}
                </Text>
                {onTransfer && (
                  // The location's name gives way, not the button's label.
                  <div style={{ flexShrink: 0 }}>
                    <TransferButton level={level} onTransfer={onTransfer} labelled />
                  </div>
                )}
              </Group>
              <SimpleGrid cols={3} spacing="xs">
                <Figure label="On hand">
                  {selection ? (
                    <OnHandEditor level={level} onStale={onStale} />
                  ) : (
                    level.onHand.toLocaleString()
                  )}
                </Figure>
                <Figure label="Committed">{level.committed.toLocaleString()}</Figure>
                <Figure label="Available">{level.available.toLocaleString()}</Figure>
              </SimpleGrid>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
