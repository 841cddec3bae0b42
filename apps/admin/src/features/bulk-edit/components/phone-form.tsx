import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { stockKey, type TextField, type VariantRow } from './change-model';
import { cellId, FIELD_COLUMNS } from './grid-columns';
import { withCell } from './grid-edits';
import type { BulkEditor } from './use-bulk-editor';
import type { Location } from './use-bulk-rows';

interface PhoneFormProps {
  editor: BulkEditor;
  locations: readonly Location[];
  canStock: boolean;
  currency: string;
  index: number;
  onIndex: (index: number) => void;
}

const NUMERIC: readonly string[] = ['price', 'compareAtPrice', 'cost', 'weight'];

/** On a phone: one variant at a time, the grid's fields, the same changes and the same save. */
export function PhoneForm({ editor, locations, canStock, currency, index, onIndex }: PhoneFormProps) {
  const { rows } = editor;
  const at = Math.min(Math.max(0, index), rows.length - 1);
  const row = rows[at];
  if (!row) return null;
  const original = editor.originals.get(row.variantId);
  const set = (next: VariantRow) => {
    if (next === row) return;
    const copy = [...rows];
    copy[at] = next;
    editor.change(copy);
  };
  const changed = (key: keyof VariantRow) => original !== undefined && original[key] !== row[key];
  const problem = (key: string) => editor.errorMap.get(cellId(row.variantId, key));

  return (
    <Paper withBorder radius="md" p="md" data-testid="bulk-phone-form">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={at === 0}
            onClick={() => onIndex(at - 1)}
          >
            Previous
          </Button>
          <Text size="sm" c="dimmed">
            {(at + 1).toLocaleString()} of {rows.length.toLocaleString()}
          </Text>
          <Button
            variant="default"
            size="sm"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={at >= rows.length - 1}
            onClick={() => onIndex(at + 1)}
          >
            Next
          </Button>
        </Group>
        <div>
          <Text fw={600}>{row.productTitle}</Text>
          <Text size="sm" c="dimmed">
            {row.variantTitle}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="sm">
          {FIELD_COLUMNS.filter((c) => c.key !== 'trackInventory').map((c) => {
            const key = c.key as TextField;
            const money = key === 'price' || key === 'compareAtPrice' || key === 'cost';
            return (
              <TextInput
                key={`${row.variantId}-${key}-${row[key] ?? ''}`}
                label={money && currency ? `${c.title} (${currency})` : c.title}
                defaultValue={row[key]}
                inputMode={NUMERIC.includes(key) ? 'decimal' : undefined}
                error={problem(key)}
                styles={changed(key) ? { input: { background: 'var(--mantine-color-yellow-0)' } } : undefined}
                onBlur={(e) => set(withCell(row, key, e.currentTarget.value))}
              />
            );
          })}
        </SimpleGrid>
        <Checkbox
          label="Track inventory"
          checked={row.trackInventory}
          onChange={(e) => set({ ...row, trackInventory: e.currentTarget.checked })}
        />
        {row.trackInventory && locations.length > 0 && (
          <SimpleGrid cols={2} spacing="sm">
            {locations.map((l) => {
              const key = stockKey(l.id);
              return (
                <TextInput
                  key={`${row.variantId}-${key}-${row[key] ?? ''}`}
                  label={`On hand · ${l.name}`}
                  defaultValue={row[key] ?? ''}
                  inputMode="numeric"
                  disabled={!canStock}
                  error={problem(key)}
                  styles={
                    changed(key) ? { input: { background: 'var(--mantine-color-yellow-0)' } } : undefined
                  }
                  onBlur={(e) => set(withCell(row, key, e.currentTarget.value))}
                />
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
