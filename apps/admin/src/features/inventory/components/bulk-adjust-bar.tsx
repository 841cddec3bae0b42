import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { FormErrors } from '../../../components/form-errors';
import { useCommand } from '../../../components/use-command';
import { NativeSelectField, TextField } from '../../../components/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useInventoryAdjustMutation } from '../api/inventory-adjust-mutation';
import type { LevelRow } from './level-row';
import { adjustSchema, type AdjustValues } from './stock-schemas';
import { ADJUSTMENT_REASON_OPTIONS, parseQuantity, signed } from './stock-terms';

interface BulkAdjustBarProps {
  selected: readonly LevelRow[];
  onDone: () => void;
  onClear: () => void;
}

function rowName(level: LevelRow): string {
  return `${level.variant.sku ?? level.variant.product.title} at ${level.location.name}`;
}

/** Lines the buttons up with the inputs, whose labels sit above them and messages below; on a phone they wrap. */
const UNDER_LABEL = { base: 0, sm: 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))' };

/** Adds or removes the same number of units at every selected level, with one reason: one request. */
export function BulkAdjustBar({ selected, onDone, onClear }: BulkAdjustBarProps) {
  const [adjust] = useInventoryAdjustMutation();
  const command = useCommand({
    mutate: async ({ delta, reason }: { delta: number; reason: AdjustValues['reason'] }) => {
      const { data } = await adjust({
        variables: {
          input: {
            reason,
            idempotencyKey: newIdempotencyKey(),
            changes: selected.map((level) => ({
              variantId: level.variant.id,
              locationId: level.location.id,
              delta,
            })),
          },
        },
      });
      const payload = data?.inventoryAdjust;
      // ["input", "changes", "2", …] names the row the message is about; they go above the form.
      return (
        payload && {
          ...payload,
          userErrors: payload.userErrors.map((e) => {
            const index = e.field?.[1] === 'changes' ? Number(e.field[2]) : Number.NaN;
            const level = Number.isInteger(index) ? selected[index] : undefined;
            return level ? { ...e, field: null, message: `${rowName(level)}: ${e.message}` } : e;
          }),
        }
      );
    },
    success: (_, { delta }) => ({
      title: 'Stock adjusted',
      message: `${signed(delta)} at ${selected.length} ${selected.length === 1 ? 'level' : 'levels'}.`,
    }),
  });
  const form = useZodForm<AdjustValues>({
    schema: adjustSchema,
    defaultValues: { delta: '', reason: 'RECEIVED' },
    onSubmit: async ({ delta: text, reason }) => {
      const parsed = parseQuantity(text);
      if ('error' in parsed) return;
      return command.submit({ delta: parsed.value, reason });
    },
    onSaved: () => {
      form.reset({ delta: '', reason: form.getValues('reason') });
      onDone();
    },
  });

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow="sm"
      // Stays in sight under the 60 px header while the person scrolls the rows they picked.
      style={{ position: 'sticky', top: 68, zIndex: 5 }}
      data-testid="bulk-adjust"
      component="section"
      aria-label="Bulk adjust"
    >
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <Stack gap="xs">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Text size="sm" fw={600} pt={{ base: 0, sm: 29 }} w={{ base: '100%', sm: 'auto' }}>
              {selected.length} selected
            </Text>
            <TextField
              control={form.control}
              name="delta"
              label="Change by"
              placeholder="e.g. 5 or -2"
              inputMode="numeric"
              w={{ base: 120, sm: 150 }}
            />
            <NativeSelectField
              control={form.control}
              name="reason"
              label="Reason"
              w={{ base: 190, sm: 220 }}
              data={[...ADJUSTMENT_REASON_OPTIONS]}
            />
            <Group gap="sm" mt={UNDER_LABEL}>
              <Button type="submit" loading={form.saving}>
                Adjust {selected.length}
              </Button>
              <Button variant="subtle" onClick={onClear}>
                Clear selection
              </Button>
            </Group>
          </Group>
          <FormErrors messages={form.formErrors} title="Nothing was changed" />
        </Stack>
      </form>
    </Paper>
  );
}
